import { getDocument, VerbosityLevel } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem } from 'pdfjs-dist/types/src/display/api';

/** A run of text on a page: where its baseline starts, how wide and how tall it is. */
interface Run {
  text: string;
  x: number;
  y: number;
  width: number;
  size: number;
}

/** Runs whose baselines are closer than this share a line (a fraction of the smaller font size). */
const SAME_LINE = 0.3;
/** A gap wider than this between two runs on a line is a space between words (a fraction of the font size). */
const WORD_GAP = 0.1;

/**
 * The text of a PDF as `pdftotext file -` prints it, read with PDF.js (pdfjs-dist) so the tests need no poppler-utils:
 * each page's lines from top to bottom, each line's runs from left to right (a space where a gap separates two
 * words), every line ended by "\n" and every page by "\f". Unlike pdftotext it leaves out the blank lines that
 * pdftotext puts between the blocks it detects (its own layout guess, not text of the document).
 *
 * This is the legacy build, which runs on every Node the project supports; in Node PDF.js parses in-process (its
 * "fake worker"), so nothing needs a worker file.
 */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  // A copy: PDF.js refuses a Buffer, and may hand the bytes over (detach them) to its parser.
  const task = getDocument({ data: new Uint8Array(bytes), verbosity: VerbosityLevel.ERRORS, isEvalSupported: false });
  const document = await task.promise;
  try {
    let text = '';
    for (let number = 1; number <= document.numPages; number += 1) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      const runs = content.items
        .filter((item): item is TextItem => 'str' in item && item.str !== '')
        .map((item) => ({
          text: item.str,
          x: item.transform[4] as number,
          y: item.transform[5] as number,
          width: item.width,
          size: Math.hypot(item.transform[2] as number, item.transform[3] as number) || item.height || 1,
        }));
      for (const line of pageLines(runs)) text += `${line}\n`;
      text += '\f';
      page.cleanup();
    }
    return text;
  } finally {
    await task.destroy();
  }
}

/** A page's runs as lines of text, top to bottom. */
function pageLines(runs: Run[]): string[] {
  const lines: { y: number; size: number; runs: Run[] }[] = [];
  for (const run of runs) {
    const line = lines.find(
      (candidate) => Math.abs(candidate.y - run.y) < SAME_LINE * Math.min(candidate.size, run.size),
    );
    if (line) line.runs.push(run);
    else lines.push({ y: run.y, size: run.size, runs: [run] });
  }
  // PDF coordinates grow upwards: the highest baseline is the first line.
  return lines
    .sort((a, b) => b.y - a.y)
    .map((line) => {
      let text = '';
      let end = -Infinity;
      for (const run of line.runs.sort((a, b) => a.x - b.x)) {
        const gap = run.x - end;
        if (text && !/\s$/.test(text) && !/^\s/.test(run.text) && gap > WORD_GAP * run.size) text += ' ';
        text += run.text;
        end = Math.max(end, run.x + run.width);
      }
      return text.trimEnd();
    })
    .filter((line) => line !== '');
}
