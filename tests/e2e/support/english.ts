import type { Locator } from '@playwright/test';

/**
 * Words that are English and never Spanish: a line of a Spanish page holding one of them is an English sentence
 * that escaped translation ("Rooms up to 350 sq ft", "Early termination (agreement)", "Mon-Fri 8AM-8PM"). Names
 * are not sentences and are left alone: the brand, "Orange County", "BTU", e-mail addresses and URLs.
 */
const englishOnly = new Set(
  `the and your you with for of is are will this that only can be an or at on in from by our we please any time up
  rooms room rental rent unit units has have not been was it its if when as all early termination agreement fee fees
  late required must should reason date service visit visits requested request active delivery pickup month months
  week weeks cancel cancellation cancelled hours mon fri sat sun am pm outlet help call email invoice invoices paid
  due next bill billing rate start end ends minimum term details account sign out yes single hose
  medium compact bedrooms offices faster efficiently sq ft details status current approved pending`.split(/\s+/),
);

const ignored = [/\border-[A-Z0-9]+\b/g, /\S+@\S+/g, /https?:\/\/\S+/g, /CoolRent/g, /Orange County/g, /\bBTU\b/g];

/** The lines of `text` that read as English: what a Spanish page must not show. */
export function englishLines(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => {
      let cleaned = line;
      for (const pattern of ignored) cleaned = cleaned.replace(pattern, ' ');
      const words = cleaned.toLowerCase().match(/\p{L}+/gu) ?? [];
      return words.some((word) => englishOnly.has(word));
    });
}

/** The English lines in what `locator` shows (its rendered text, hidden parts excluded). */
export async function englishShownIn(locator: Locator): Promise<string[]> {
  return englishLines(await locator.innerText());
}
