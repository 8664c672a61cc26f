import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { clsx } from 'clsx';
import { twMerge } from 'tailwind-merge';
import ts from 'typescript';
import { describe, expect, test } from 'vitest';
import { mergeClasses } from '@/web/lib/class-merge';
import { cn } from '@/web/lib/utils';

const webRoot = path.resolve(import.meta.dirname, '..');

/**
 * Every class string the app writes: the string and template-literal pieces inside `cn(…)`, `cva(…)`, `clsx(…)`,
 * `className=…` and `const …Class = …` across src/web, read with the TypeScript parser.
 */
function classStringsInWeb(): string[] {
  const found = new Set<string>();
  const collect = (node: ts.Node) => {
    const pieces: string[] = [];
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) pieces.push(node.text);
    else if (ts.isTemplateExpression(node))
      pieces.push(node.head.text, ...node.templateSpans.map((s) => s.literal.text));
    for (const piece of pieces) {
      const classes = piece.trim().replace(/\s+/g, ' ');
      if (classes) found.add(classes);
    }
    ts.forEachChild(node, collect);
  };
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && /^(cn|cva|clsx)$/.test(node.expression.text)) {
      node.arguments.forEach(collect);
    } else if (ts.isJsxAttribute(node) && node.name.getText() === 'className' && node.initializer) {
      collect(node.initializer);
    } else if (ts.isVariableDeclaration(node) && /class/i.test(node.name.getText()) && node.initializer) {
      collect(node.initializer);
    }
    ts.forEachChild(node, visit);
  };
  const files = readdirSync(webRoot, { recursive: true, encoding: 'utf8' }).filter(
    (file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file),
  );
  for (const file of files) {
    const text = readFileSync(path.join(webRoot, file), 'utf8');
    const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
    visit(ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind));
  }
  return [...found].sort();
}

const corpus = classStringsInWeb();
const tokens = [...new Set(corpus.flatMap((classes) => classes.split(' ')))].sort();
const reference = (...inputs: string[]) => twMerge(clsx(inputs));

/** The inputs (joined by `+`) where cn() and tailwind-merge disagree, with both results. */
function disagreements(inputLists: Iterable<string[]>) {
  const found: string[] = [];
  for (const inputs of inputLists) {
    const ours = cn(...inputs);
    const theirs = reference(...inputs);
    if (ours !== theirs) found.push(`${inputs.join(' + ')}\n  cn:         ${ours}\n  twMerge:    ${theirs}`);
  }
  return found;
}

function* pairs(firsts: string[], seconds: string[] = firsts) {
  for (const a of firsts) for (const b of seconds) yield [a, b];
}

/**
 * The pairs in slices, a test each: together they are hundreds of thousands of merges, which on a busy machine
 * (`npm run test:soak`, two suites on 2 cores) overran one test's 30 s.
 */
const SLICES = 8;
const slice = (items: string[], k: number) =>
  items.slice(Math.floor((k * items.length) / SLICES), Math.floor(((k + 1) * items.length) / SLICES));
const slices = Array.from({ length: SLICES }, (_, k) => k + 1);

describe('cn() merges like tailwind-merge for every class string in src/web', () => {
  test('the scan finds the class strings of the components and pages', () => {
    // Spot checks that the scanner reads cva, cn and className (a scanner that finds nothing proves nothing).
    expect(corpus).toContain('flex flex-col gap-4 rounded-xl border bg-card py-6 text-card-foreground shadow-sm'); // cn
    expect(corpus).toContain('h-11 rounded-md px-6 text-base'); // a cva variant
    expect(corpus).toContain('font-medium text-primary underline underline-offset-4'); // const linkClass
    expect(corpus.length).toBeGreaterThan(300);
    expect(tokens.length).toBeGreaterThan(300);
  });

  test('each string alone', () => {
    expect(disagreements(corpus.map((classes) => [classes]))).toEqual([]);
  });

  test.each(slices)(`every ordered pair of strings, the first in slice %i of ${SLICES}`, (k) => {
    const firsts = slice(corpus, k - 1);
    const found = disagreements(pairs(firsts, corpus));
    expect(found.slice(0, 20), `${found.length} of ${firsts.length * corpus.length} pairs disagree`).toEqual([]);
  });

  test('the slices cover every string once', () => {
    expect(slices.flatMap((k) => slice(corpus, k - 1))).toEqual(corpus);
  });

  test('every ordered pair of single classes', () => {
    const found = disagreements(pairs(tokens));
    expect(found.slice(0, 20), `${found.length} of ${tokens.length ** 2} pairs disagree`).toEqual([]);
  });
});

describe('mergeClasses on the conflicts callers rely on', () => {
  const cases: [string, string][] = [
    ['p-6 pt-0 pt-6', 'p-6 pt-6'],
    ['px-4 py-2 p-3', 'p-3'],
    ['p-3 px-5', 'p-3 px-5'],
    ['pt-2 pb-2 py-4', 'py-4'],
    ['m-2 -mt-1', 'm-2 -mt-1'],
    ['-mt-6 mt-2', 'mt-2'],
    ['h-9 h-11', 'h-11'],
    ['h-4 w-4 size-8', 'size-8'],
    ['size-8 w-4', 'size-8 w-4'],
    ['w-full w-[200px]', 'w-[200px]'],
    ['max-w-md sm:max-w-[420px] max-w-lg', 'sm:max-w-[420px] max-w-lg'],
    ['bg-primary bg-transparent', 'bg-transparent'],
    ['bg-primary/90 bg-muted/50', 'bg-muted/50'],
    ['bg-linear-to-b bg-primary', 'bg-linear-to-b bg-primary'],
    ['text-sm text-base', 'text-base'],
    ['text-sm text-primary', 'text-sm text-primary'],
    ['text-primary text-destructive', 'text-destructive'],
    ['text-[12px] sm:text-[13px] text-xs', 'sm:text-[13px] text-xs'],
    ['leading-none text-sm', 'text-sm'],
    ['text-left text-center', 'text-center'],
    ['font-medium font-semibold font-mono', 'font-semibold font-mono'],
    ['border border-2 border-input border-primary', 'border-2 border-primary'],
    ['border-b border-t-0 border-0', 'border-0'],
    ['border-0 border-b', 'border-0 border-b'],
    ['border-dashed border-solid', 'border-solid'],
    ['rounded-t-xl rounded-md', 'rounded-md'],
    ['rounded-md rounded-t-xl', 'rounded-md rounded-t-xl'],
    ['rounded-tl-sm rounded-tr-sm rounded-bl-sm rounded-t-lg', 'rounded-bl-sm rounded-t-lg'],
    ['rounded-ss-sm rounded-se-sm rounded-es-sm rounded-s-lg', 'rounded-se-sm rounded-s-lg'],
    ['inset-0 top-2', 'inset-0 top-2'],
    ['top-2 left-3 inset-0', 'inset-0'],
    ['-left-[10000px] focus:left-2 left-0', 'focus:left-2 left-0'],
    ['ring-2 ring-[3px] ring-ring/60', 'ring-[3px] ring-ring/60'],
    ['ring-offset-2 ring-offset-background ring-offset-0', 'ring-offset-background ring-offset-0'],
    ['shadow-sm shadow-lg shadow-primary/20', 'shadow-lg shadow-primary/20'],
    ['outline-none outline-2 outline-hidden', 'outline-2 outline-hidden'],
    ['flex hidden sm:grid', 'hidden sm:grid'],
    ['flex-row flex-col flex-1 flex-none', 'flex-col flex-none'],
    ['grow shrink-0 flex-1', 'flex-1'],
    ['gap-x-4 gap-y-2 gap-3', 'gap-3'],
    ['hover:bg-accent hover:bg-primary-hover bg-card', 'hover:bg-primary-hover bg-card'],
    ['hover:focus:underline focus:hover:no-underline', 'focus:hover:no-underline'],
    ['data-[state=open]:animate-spin data-[state=open]:animate-none', 'data-[state=open]:animate-none'],
    ['animate-fade-in animate-zoom-in', 'animate-fade-in animate-zoom-in'],
    [
      'aria-invalid:border-destructive aria-invalid:border-input border-red-500',
      'aria-invalid:border-input border-red-500',
    ],
    ['[&_svg]:size-4 [&_svg]:size-10', '[&_svg]:size-10'],
    ['[&_svg]:hover:size-4 [&_svg]:hover:size-5', '[&_svg]:hover:size-5'],
    ['p-2! p-4', 'p-2! p-4'],
    ['!p-2 p-4! p-1!', 'p-1!'],
    ['bg-primary/90! bg-card!', 'bg-card!'],
    ['!text-sm/6 !leading-none', '!text-sm/6 !leading-none'],
    ['leading-none text-sm/6', 'text-sm/6'],
    ['p-1 hover:p-2 hover:!p-3', 'p-1 hover:p-2 hover:!p-3'],
    ['[contain:inline-size] [contain:none] [color:red]', '[contain:none] [color:red]'],
    ['sr-only focus:not-sr-only sm:not-sr-only sr-only', 'focus:not-sr-only sm:not-sr-only sr-only'],
    ['tabular-nums normal-nums', 'normal-nums'],
    ['stroke-2 stroke-primary stroke-border', 'stroke-2 stroke-border'],
    ['from-primary from-secondary to-background', 'from-secondary to-background'],
    ['route-stop route-stop p-2 p-3', 'route-stop route-stop p-3'],
  ];
  test.each(cases)('%s → %s', (input, expected) => {
    expect(mergeClasses(input)).toBe(expected);
    expect(reference(input)).toBe(expected);
  });
});
