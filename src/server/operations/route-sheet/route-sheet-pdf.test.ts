import { afterAll, describe, expect, it } from 'vitest';
import { pdfText } from '@tests/support/pdf-text';
import { DAY, expectedOrder, startRouteSheetTestApp } from '@tests/support/route-sheet-fixtures';

const { t, staff, visit, stopsOfTheDay } = await startRouteSheetTestApp();
afterAll(async () => t.close());
await stopsOfTheDay();

describe('GET /api/admin/route-sheet.pdf', () => {
  it('is a PDF of the same stops in the same order, with the header and page numbers', async () => {
    const response = await staff.request({ method: 'GET', url: `/api/admin/route-sheet.pdf?date=${DAY}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="route-sheet-${DAY}.pdf"`);
    const text = await pdfText(response.rawPayload);
    expect(text).toContain('Route sheet: Tuesday, July 14, 2026');
    expect(text).toMatch(/Depot 92701 \(Santa Ana, CA\) · 5 stops/);
    const positions = expectedOrder.map((name) => text.indexOf(name));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(text).toContain('Problem: Blows warm air after an hour');
    expect(text).toMatch(/Page 1 of \d/);
    expect(text).not.toContain('Pending Only');
  });

  it('keeps every stop whole on one page however many there are', async () => {
    const day = '2026-07-20';
    for (let i = 0; i < 14; i += 1) {
      await visit({
        name: `Crowd ${String(i).padStart(2, '0')}`,
        zipCode: '92701',
        street: `${100 + i} Crowd St`,
        type: 'service',
        window: 'midday',
        date: day,
        problem: 'Leaks water onto the floor near the window kit. '.repeat(1 + (i % 3)),
      });
    }
    const response = await staff.request({ method: 'GET', url: `/api/admin/route-sheet.pdf?date=${day}` });
    const pages = (await pdfText(response.rawPayload)).split('\f').filter((page) => page.trim());
    expect(pages.length).toBeGreaterThan(1);
    for (const [index, page] of pages.entries()) {
      expect(page).toContain(`Page ${index + 1} of ${pages.length}`);
      // Each stop's first line and its last (the order number) are on the same page.
      const heads = page.match(/^\s*\d+\. Service visit/gm)?.length ?? 0;
      const tails = page.match(/Order: /g)?.length ?? 0;
      expect(tails).toBe(heads);
    }
  });

  it('draws customer text the built-in fonts cannot as "?", keeping accents', async () => {
    const day = '2026-07-21';
    await visit({
      name: 'Zoë 😀 Núñez',
      zipCode: '92701',
      street: '1 café St',
      type: 'service',
      window: 'evening',
      date: day,
    });
    const response = await staff.request({ method: 'GET', url: `/api/admin/route-sheet.pdf?date=${day}` });
    const text = await pdfText(response.rawPayload);
    expect(text).toContain('Customer: Zoë ? Núñez');
    expect(text).toContain('1 café St');
  });
});
