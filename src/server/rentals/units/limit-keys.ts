/**
 * What the hold limits count (hold-limits.ts, ADR 037): one key per e-mail box and one per delivery address, so that
 * spelling one differently does not make it a second one. The keys are for counting only; the customer's e-mail and
 * address are stored and shown as typed.
 *
 * The e-mail key is also computed by PostgreSQL (email_limit_key, migration 0025: customers.email_key is generated
 * from it); limit-keys.db.test.ts proves the two agree on every case of limit-keys.test.ts.
 */

/** Domains that ignore dots in the local part, and the one name they share. */
const DOTLESS_DOMAINS: Record<string, string> = { 'gmail.com': 'gmail.com', 'googlemail.com': 'gmail.com' };

/**
 * An e-mail as stored (the contracts trim it): lower-case; a `+tag` dropped from the local part; for Gmail, the dots too and googlemail.com read as gmail.com.
 */
export function emailLimitKey(email: string): string {
  const lower = email.toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at < 0) return lower;
  const domain = lower.slice(at + 1);
  let local = lower.slice(0, at).split('+')[0]!;
  const dotless = DOTLESS_DOMAINS[domain];
  if (dotless) local = local.replaceAll('.', '');
  return `${local}@${dotless ?? domain}`;
}

/** USPS street suffixes (Publication 28, appendix C1) as written, and their standard abbreviation. */
const STREET_TYPES = words({
  aly: ['alley', 'ally', 'aly'],
  ave: ['avenue', 'ave', 'av', 'aven', 'avenu', 'avn', 'avnue'],
  blvd: ['boulevard', 'blvd', 'boul', 'boulv'],
  cir: ['circle', 'cir', 'circ', 'circl', 'crcl', 'crcle'],
  ct: ['court', 'ct', 'crt'],
  cv: ['cove', 'cv'],
  dr: ['drive', 'dr', 'drv', 'driv'],
  expy: ['expressway', 'expy', 'expr', 'express', 'expw', 'exp'],
  fwy: ['freeway', 'fwy', 'frway', 'freewy', 'frwy'],
  hwy: ['highway', 'hwy', 'highwy', 'hiway', 'hiwy', 'hway'],
  ln: ['lane', 'ln'],
  loop: ['loop', 'loops'],
  pkwy: ['parkway', 'pkwy', 'parkwy', 'pkway', 'pky'],
  pl: ['place', 'pl'],
  plz: ['plaza', 'plz', 'plza'],
  rd: ['road', 'rd'],
  sq: ['square', 'sq', 'sqr', 'sqre', 'squ'],
  st: ['street', 'st', 'str', 'strt', 'streets'],
  ter: ['terrace', 'ter', 'terr'],
  trl: ['trail', 'trl', 'trails', 'trls'],
  way: ['way', 'wy'],
});

/** Directionals (USPS Publication 28, 233). */
const DIRECTIONALS = words({
  n: ['north', 'n'],
  s: ['south', 's'],
  e: ['east', 'e'],
  w: ['west', 'w'],
  ne: ['northeast', 'ne'],
  nw: ['northwest', 'nw'],
  se: ['southeast', 'se'],
  sw: ['southwest', 'sw'],
});

/** Secondary unit designators (USPS Publication 28, appendix C2), '#' among them: all read as one. */
const UNIT_DESIGNATORS = new Set(['apt', 'apartment', 'unit', 'ste', 'suite', '#']);

const ONES = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven'];
const TEENS = ['twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen'];
const TENS = ['twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const SMALL_NUMBERS = new Map([...ONES, ...TEENS].map((word, value) => [word, value]));
const TENS_NUMBERS = new Map(TENS.map((word, index) => [word, (index + 2) * 10]));

/**
 * A delivery address as one key: lower-case, punctuation dropped, spaces collapsed; a house number written in
 * words ("Nine", "twenty-one") in digits; street types, directionals and unit designators as USPS abbreviates
 * them; and the ZIP's five digits. The city is left out: the ZIP decides it.
 */
export function placeLimitKey(place: { address: string; zipCode: string }): string {
  const tokens = place.address
    .toLowerCase()
    .replace(/#/g, ' # ')
    .replace(/-/g, ' ')
    .replace(/[^a-z0-9# ]+/g, ' ')
    .split(' ')
    .filter(Boolean);
  const words = houseNumberInDigits(tokens).map(
    (token) => STREET_TYPES.get(token) ?? DIRECTIONALS.get(token) ?? (UNIT_DESIGNATORS.has(token) ? '#' : token),
  );
  // "# 4" and "#4" are one unit.
  const address = words.join(' ').replace(/# (?=\w)/g, '#');
  const zip = place.zipCode.replace(/\D/g, '').slice(0, 5);
  return `${address}|${zip}`;
}

/** A leading house number in words ("nine", "twenty one", "one hundred five") becomes its digits. */
function houseNumberInDigits(tokens: string[]): string[] {
  let value = 0;
  let read = 0;
  let hundreds = false;
  while (read < tokens.length) {
    const token = tokens[read]!;
    const tens = TENS_NUMBERS.get(token);
    const small = SMALL_NUMBERS.get(token);
    if (token === 'hundred' && read > 0 && !hundreds && value > 0 && value < 10) {
      value *= 100;
      hundreds = true;
    } else if (tens !== undefined && value % 100 === 0) value += tens;
    else if (small !== undefined && value % 10 === 0 && (value % 100 === 0 || small < 10)) value += small;
    else break;
    read += 1;
  }
  return read === 0 ? tokens : [String(value), ...tokens.slice(read)];
}

function words(table: Record<string, string[]>): Map<string, string> {
  return new Map(Object.entries(table).flatMap(([standard, spellings]) => spellings.map((s) => [s, standard])));
}
