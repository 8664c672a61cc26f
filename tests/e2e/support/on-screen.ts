import { expect, type Page } from '@playwright/test';

/**
 * Buttons a phone's reader cannot use (issue 33, item 6): any visible button that sticks out left or right of the
 * screen (even inside a box that scrolls sideways: a "View" at the end of a wide table is off screen all the same),
 * or that something else covers. The page is walked top to bottom; a button is tested for cover when it is in the
 * middle of the screen, away from the sticky header and a bottom bar.
 */
async function unusableButtons(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const found = new Map<Element, string>();
    const describe = (element: Element) =>
      `"${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40)}"`;
    const usable = (element: Element) => {
      const rect = element.getBoundingClientRect();
      if (rect.width <= 1 || rect.height <= 1) return false;
      if (element.closest('[aria-hidden="true"], [inert]')) return false;
      const style = getComputedStyle(element);
      return style.visibility !== 'hidden' && style.display !== 'none' && Number(style.opacity) > 0;
    };
    const height = window.innerHeight;
    const width = window.innerWidth;
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
    for (let top = 0; top < document.documentElement.scrollHeight; top += Math.round(height * 0.5)) {
      window.scrollTo(0, top);
      await frame();
      for (const button of Array.from(document.querySelectorAll('button, [role="button"]'))) {
        if (found.has(button) || !usable(button)) continue;
        const rect = button.getBoundingClientRect();
        if (rect.left < -1 || rect.right > width + 1) {
          found.set(button, `${describe(button)} off screen: ${Math.round(rect.left)}–${Math.round(rect.right)} px`);
          continue;
        }
        const x = rect.left + rect.width / 2;
        const y = rect.top + rect.height / 2;
        if (y < height * 0.2 || y > height * 0.8) continue;
        const atCentre = document.elementFromPoint(x, y);
        if (atCentre && !button.contains(atCentre) && !atCentre.contains(button)) {
          found.set(button, `${describe(button)} covered by <${atCentre.tagName.toLowerCase()}> ${describe(atCentre)}`);
        }
      }
    }
    window.scrollTo(0, 0);
    return [...found.values()];
  });
}

/** Every button of the page is on the screen and not covered (see unusableButtons). */
export async function expectButtonsUsable(page: Page, where: string): Promise<void> {
  expect(await unusableButtons(page), `${where}: buttons off screen or covered`).toEqual([]);
}
