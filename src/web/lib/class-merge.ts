/**
 * Merges Tailwind class lists the way tailwind-merge 3 does, for the utility families this app writes, in a
 * sixth of its bytes (issue 14: the JavaScript for `/`). With Tailwind v4 the stylesheet's order, not the class
 * order, decides which of two conflicting utilities wins, so a caller's override (`h-11` on an `h-9` button) only
 * works if the earlier, conflicting class is removed.
 *
 * Same rules as tailwind-merge: classes are read from last to first; a class is dropped when a later one with the
 * same variants (`hover:`, `sm:`, `data-[state=open]:` …) and `!` already set its group, and a class also claims
 * the groups it overrides (`p-*` claims `px-*` and `pt-*`, so `px-4 p-2` keeps `p-2` only, while `p-2 px-4`
 * keeps both). Classes it does not know are kept, as tailwind-merge keeps the ones it does not know (the app's
 * own `animate-fade-in`, say). class-merge.test.ts compares the result with tailwind-merge for every pair of
 * class strings in src/web: a family added to the app that conflicts and is not listed here fails that test.
 */

/** Whole classes and their group: `group class class …` per line. */
const WORDS = `display block inline-block inline flex inline-flex grid inline-grid table table-cell table-row contents flow-root list-item hidden
position static fixed absolute relative sticky
visibility visible invisible collapse
sr sr-only not-sr-only
font-style italic not-italic
text-decoration underline overline line-through no-underline
text-transform uppercase lowercase capitalize normal-case
text-overflow truncate text-ellipsis text-clip
text-align text-left text-center text-right text-justify text-start text-end
text-wrap text-wrap text-nowrap text-balance text-pretty
fvn-normal normal-nums
fvn-figure lining-nums oldstyle-nums
fvn-spacing proportional-nums tabular-nums
fvn-fraction diagonal-fractions stacked-fractions
font-weight font-thin font-extralight font-light font-normal font-medium font-semibold font-bold font-extrabold font-black
flex-direction flex-row flex-row-reverse flex-col flex-col-reverse
flex-wrap flex-wrap flex-wrap-reverse flex-nowrap
align-content content-normal content-start content-end content-center content-between content-around content-evenly content-stretch content-baseline
border-style border-solid border-dashed border-dotted border-double border-hidden border-none
outline-style outline-solid outline-dashed outline-dotted outline-double outline-none outline-hidden
ring-w-inset ring-inset
shadow shadow-none
object-fit object-contain object-cover object-fill object-none object-scale-down
bg-image bg-none
animate animate-none animate-spin animate-ping animate-pulse animate-bounce`;

/**
 * Prefixes whose group is the prefix itself, whatever the value (`pt-4`, `w-[200px]`, `-mt-1`); the longest
 * prefix wins (`gap-x` over `gap`). `animate` is not one: like tailwind-merge, only Tailwind's own animations
 * are known, so `animate-fade-in` and `animate-zoom-in` both stay.
 */
const PREFIXES = new Set(
  `p px py ps pe pt pr pb pl m mx my ms me mt mr mb ml space-x space-y scroll-mt w h size min-w max-w min-h max-h
inset inset-x inset-y top right bottom left start end z order basis grow shrink flex gap gap-x gap-y grid-cols
grid-rows col row justify items self content overflow overflow-x overflow-y line-clamp leading tracking align
whitespace break break-inside list object aspect underline-offset divide-x divide-y opacity cursor select
pointer-events fill accent transition duration ease origin caption rotate scale translate-x translate-y
backdrop-blur`.split(/\s+/),
);

/** Prefixes that are classes on their own too (`grow`, `border`, `rounded`, `ring`, `shadow`). */
const BARE = 'grow shrink transition border rounded ring outline shadow backdrop-blur divide-x divide-y'.split(' ');
/** The utilities whose value decides the group: a size or a color (`text-sm`, `text-primary`), a side or not. */
const VALUED = 'text font bg border rounded ring ring-offset outline shadow stroke from via to'.split(' ');

const SIDES = 'x y s e t r b l'.split(' ');
const CORNERS = 's e t r b l ss se ee es tl tr br bl'.split(' ');

/** What a class's group overrides: `p` → `px py pt …`. */
const CONFLICTS: Record<string, string[]> = {
  inset: 'inset-x inset-y start end top right bottom left'.split(' '),
  'inset-x': 'start end right left'.split(' '),
  'inset-y': ['top', 'bottom'],
  rounded: CORNERS.map((corner) => 'rounded-' + corner),
  overflow: ['overflow-x', 'overflow-y'],
  flex: ['basis', 'grow', 'shrink'],
  gap: ['gap-x', 'gap-y'],
  size: ['w', 'h'],
  'font-size': ['leading'],
  'line-clamp': ['display', 'overflow'],
};
for (const fvn of ['fvn-figure', 'fvn-spacing', 'fvn-fraction']) {
  CONFLICTS[fvn] = ['fvn-normal'];
  (CONFLICTS['fvn-normal'] ??= []).push(fvn);
}
for (const base of ['p', 'm', 'border-w-', 'border-color-']) {
  const sided = (sides: string[]) => sides.map((side) => base + side);
  CONFLICTS[base.replace(/-$/, '')] = sided(SIDES);
  CONFLICTS[base + 'x'] = sided(['s', 'e', 'r', 'l']);
  CONFLICTS[base + 'y'] = sided(['t', 'b']);
}
for (const side of ['s', 'e', 't', 'r', 'b', 'l']) {
  // rounded-t: tl tr; rounded-r: tr br; rounded-s: ss es (the start-start and end-start corners).
  const letter = 'tb'.includes(side) ? 0 : 1;
  CONFLICTS['rounded-' + side] = CORNERS.filter((corner) => corner[1] && corner[letter] === side).map(
    (corner) => 'rounded-' + corner,
  );
}

const GROUP_OF_WORD = new Map<string, string>();
for (const line of WORDS.split('\n')) {
  const [group, ...words] = line.split(' ');
  for (const word of words) GROUP_OF_WORD.set(word, group!);
}

const TSHIRT = /^(\d+(\.\d+)?)?(xs|sm|md|lg|xl)$/;
const isNumber = (value: string) => value !== '' && !Number.isNaN(Number(value));
/** `[12px]`, `[length:var(--x)]`, `(length:--x)`: what tailwind-merge takes for a length rather than a color. */
const isLength = (value: string) =>
  /^[[(]length:/.test(value) ||
  /^\[([^:]*\d(%|px|r?em|[sdl]?v[hwib]|ch|ex|r?lh)|0|(calc|min|max|clamp)\(.+)\]$/.test(value);
const isWidth = (value: string) => value === '' || isNumber(value) || isLength(value);

function valuedGroup(prefix: string, value: string): string {
  const [first, ...rest] = value.split('-');
  switch (prefix) {
    case 'text':
      return value === 'base' || TSHIRT.test(value) || isLength(value) ? 'font-size' : 'text-color';
    case 'font':
      return /^[[(](?!family-name:)/.test(value) ? 'font-weight' : 'font-family';
    case 'bg':
      return /^(linear|radial|conic|\[url\()/.test(value) ? 'bg-image' : 'bg-color';
    case 'border': {
      const side = SIDES.includes(first!) ? '-' + first : '';
      return (isWidth(side ? rest.join('-') : value) ? 'border-w' : 'border-color') + side;
    }
    case 'rounded':
      return CORNERS.includes(first!) ? 'rounded-' + first : 'rounded';
    case 'shadow':
      return value === '' || TSHIRT.test(value) || /^\[(shadow:|(inset_)?-?[\d.]+[a-z]*_)/.test(value)
        ? 'shadow'
        : 'shadow-color';
    case 'from':
    case 'via':
    case 'to':
      return /^\d+(\.\d+)?%$/.test(value) || isLength(value) ? prefix + '-position' : prefix;
  }
  return prefix + (isWidth(value) ? '-w' : '-color'); // ring, ring-offset, outline, stroke
}

/** The conflict group of a class without variants and `!`, or undefined when it is not a utility we know. */
function groupOf(className: string): string | undefined {
  if (/^\[[^:]+:.*\]$/.test(className)) return className.slice(0, className.indexOf(':')); // [contain:size]
  const base = className.replace(/^-(?=.)/, '');
  const word = GROUP_OF_WORD.get(base);
  if (word) return word;
  const parts = base.split('-');
  for (let length = parts.length; length > 0; length--) {
    const prefix = parts.slice(0, length).join('-');
    const value = parts.slice(length).join('-');
    const valued = VALUED.includes(prefix);
    if (valued || PREFIXES.has(prefix)) {
      if (value === '' && !BARE.includes(prefix)) return undefined;
      return valued ? valuedGroup(prefix, value) : prefix;
    }
  }
  return undefined;
}

/** Variants whose order changes the selector (`before:hover:` ≠ `hover:before:`); the others are sorted. */
const ORDERED_VARIANTS =
  '* ** after backdrop before details-content file first-letter first-line marker placeholder selection'.split(' ');

function sortVariants(variants: string[]): string {
  const sorted: string[] = [];
  let run: string[] = [];
  for (const variant of variants) {
    if (variant[0] === '[' || ORDERED_VARIANTS.includes(variant)) {
      sorted.push(...run.sort(), variant);
      run = [];
    } else run.push(variant);
  }
  return [...sorted, ...run.sort()].join(':');
}

/**
 * The group a class sets, with its variants and `!` in front (`hover:bg-color`, `sm:!p`), or undefined. A `/`
 * modifier (`bg-primary/90`, `text-sm/6`) is left out when the class is known without it.
 */
function scopedGroup(className: string): [scope: string, group: string] | undefined {
  const variants: string[] = [];
  let depth = 0;
  let start = 0;
  let slash = 0;
  for (let index = 0; index < className.length; index++) {
    const character = className[index]!;
    if (depth === 0 && character === ':') {
      variants.push(className.slice(start, index));
      start = index + 1;
    } else if (depth === 0 && character === '/') slash = index;
    else if ('[('.includes(character)) depth++;
    else if ('])'.includes(character)) depth--;
  }
  const unimportant = (base: string) => base.replace(/^!|!$/, '');
  const base = className.slice(start);
  const group = (slash > start && groupOf(unimportant(className.slice(start, slash)))) || groupOf(unimportant(base));
  return group ? [sortVariants(variants) + (/^!|!$/.test(base) ? '!' : ''), group] : undefined;
}

/** Removes the classes that a later class overrides; keeps the order of the rest. */
export function mergeClasses(classList: string): string {
  const claimed = new Set<string>();
  const kept: string[] = [];
  const classNames = classList.trim().split(/\s+/);
  for (let index = classNames.length - 1; index >= 0; index--) {
    const className = classNames[index]!;
    const scoped = scopedGroup(className);
    if (scoped) {
      const [scope, group] = scoped;
      if (claimed.has(scope + group)) continue;
      for (const overridden of [group, ...(CONFLICTS[group] ?? [])]) claimed.add(scope + overridden);
    }
    kept.push(className);
  }
  return kept.reverse().join(' ');
}
