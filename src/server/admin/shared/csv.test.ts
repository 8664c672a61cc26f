import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvDollars, csvField, csvInstant, csvRow } from './csv';

describe('CSV fields', () => {
  it('neutralises what a spreadsheet would run as a formula (OWASP)', () => {
    expect(csvField('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvField('+1 555')).toBe("'+1 555");
    expect(csvField('-2+3')).toBe("'-2+3");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('\t=1')).toBe("'\t=1");
    expect(csvField('\r=1')).toBe(`"'\r=1"`);
    // Only the first character matters; the same characters later are plain text.
    expect(csvField('a=b+c-d@e')).toBe('a=b+c-d@e');
  });

  it('quotes by RFC 4180 only where needed', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('Smith, Ana')).toBe('"Smith, Ana"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('ends\r\n')).toBe('"ends\r\n"');
  });

  it('writes empty, numbers and accents as they are', () => {
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
    expect(csvField('')).toBe('');
    expect(csvField(42)).toBe('42');
    expect(csvField(true)).toBe('true');
    expect(csvField('José Muñoz')).toBe('José Muñoz');
  });

  it('ends each record with CRLF', () => {
    expect(csvRow(['a', 'b,c', null, 3])).toBe('a,"b,c",,3\r\n');
    expect(csvRow([])).toBe('\r\n');
  });

  it('formats money and instants', () => {
    expect(csvDollars(3900)).toBe('39.00');
    expect(csvDollars(123_405)).toBe('1234.05');
    expect(csvDollars(7)).toBe('0.07');
    expect(csvDollars(0)).toBe('0.00');
    expect(csvDollars(-250)).toBe('-2.50');
    expect(csvInstant(new Date('2031-02-03T04:05:06.789Z'))).toBe('2031-02-03T04:05:06.789Z');
    expect(csvInstant(null)).toBe('');
    expect(CSV_BOM).toBe('\uFEFF');
  });
});
