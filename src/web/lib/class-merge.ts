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

/** Whole classes, a group per line, named by its first class (`hidden … flex …` is display). */
const WORDS = `hidden block inline-block inline flex inline-flex grid table-cell contents
static fixed absolute relative sticky
visible invisible
sr-only not-sr-only
underline line-through no-underline
uppercase lowercase capitalize normal-case
truncate
text-left text-center text-right
normal-nums
tabular-nums proportional-nums
font-normal font-thin font-extralight font-light font-medium font-semibold font-bold font-extrabold font-black
flex-row flex-col flex-col-reverse
flex-wrap flex-nowrap
content-start content-center content-end content-between
border-solid border-dashed border-none
outline-none outline-hidden
shadow shadow-none
object-contain object-cover
animate-none animate-spin`;

/**
 * Prefixes whose group is the prefix itself, whatever the value (`pt-4`, `w-[200px]`, `-mt-1`); the longest
 * prefix wins (`gap-x` over `gap`). `animate` is not one: like tailwind-merge, only Tailwind's own animations
 * are known, so `animate-fade-in` and `animate-zoom-in` both stay.
 */
const PREFIXES = new Set(
  `p px py ps pe pt pr pb pl m mx my ms me mt mr mb ml space-x space-y scroll-mt w h size min-w max-w min-h max-h
inset inset-x inset-y top right bottom left z grow shrink flex gap gap-x gap-y grid-cols col justify items content
overflow overflow-x overflow-y leading tracking align whitespace break break-inside list object aspect
underline-offset divide-y opacity cursor select pointer-events fill accent from via to transition rotate
translate-x translate-y backdrop-blur caption text font bg border rounded ring ring-offset outline shadow stroke`.split(
    /\s+/,
  ),
);

/** A group, then the groups it overrides: `px-4 p-2` is `p-2`, while `p-2 px-4` keeps both. */
const OVERRIDES = `p px py ps pe pt pr pb pl
px ps pe pr pl
py pt pb
m mx my ms me mt mr mb ml
mx ms me mr ml
my mt mb
border-w border-w-x border-w-y border-w-s border-w-e border-w-t border-w-r border-w-b border-w-l
border-w-x border-w-s border-w-e border-w-r border-w-l
border-w-y border-w-t border-w-b
inset inset-x inset-y top right bottom left
inset-x right left
inset-y top bottom
rounded rounded-s rounded-e rounded-t rounded-r rounded-b rounded-l rounded-ss rounded-se rounded-ee rounded-es rounded-tl rounded-tr rounded-br rounded-bl
rounded-s rounded-ss rounded-es
rounded-e rounded-se rounded-ee
rounded-t rounded-tl rounded-tr
rounded-r rounded-tr rounded-br
rounded-b rounded-br rounded-bl
rounded-l rounded-tl rounded-bl
overflow overflow-x overflow-y
flex basis grow shrink
gap gap-x gap-y
size w h
font-size leading
normal-nums tabular-nums
tabular-nums normal-nums`;

const GROUP_OF_WORD = new Map<string, string>();
const CONFLICTS = new Map<string, string[]>();
for (const [group, ...words] of WORDS.split('\n').map((line) => line.split(' '))) {
  for (const word of [group!, ...words]) GROUP_OF_WORD.set(word, group!);
}
for (const [group, ...overridden] of OVERRIDES.split('\n').map((line) => line.split(' '))) {
  CONFLICTS.set(group!, overridden);
}

const TSHIRT = /^(\d+(\.\d+)?)?(xs|sm|md|lg|xl)$/;
const isNumber = (value: string) => /^\d*\.?\d+$/.test(value);
/** `[12px]`, `[length:var(--x)]`, `(length:--x)`: an arbitrary value tailwind-merge takes for a length, not a color. */
const isLength = (value: string) => /^[[(]length:|^\[[\d.]+(px|r?em|%)\]$/.test(value);
const isWidth = (value: string) => value === '' || isNumber(value) || isLength(value);

/** The group of `prefix-value`: mostly the prefix; for some the value tells a size from a color, or names a side. */
function prefixGroup(prefix: string, value: string): string {
  const [first, ...rest] = value.split('-');
  switch (prefix) {
    case 'text':
      value = value.split('/')[0]!; // text-sm/6
      return value === 'base' || TSHIRT.test(value) || isLength(value) ? 'font-size' : 'text-color';
    case 'font':
      return /^[[(](?!family-name:)/.test(value) ? 'font-normal' : 'font-family'; // font-normal: the weights
    case 'bg':
      return /^(linear|radial|conic)/.test(value) ? 'bg-image' : 'bg-color';
    case 'border': {
      const side = /^[xysetrbl]$/.test(first!) ? '-' + first : '';
      return (isWidth(side ? rest.join('-') : value) ? 'border-w' : 'border-color') + side;
    }
    case 'rounded':
      return /^([setrbl]|ss|se|ee|es|tl|tr|br|bl)$/.test(first!) ? 'rounded-' + first : 'rounded';
    case 'shadow':
      return value === '' || TSHIRT.test(value) ? 'shadow' : 'shadow-color';
    case 'ring':
    case 'ring-offset':
    case 'outline':
    case 'stroke':
      return prefix + (isWidth(value) ? '-w' : '-color');
  }
  return prefix;
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
    if (PREFIXES.has(prefix)) return prefixGroup(prefix, value);
  }
  return undefined;
}

/**
 * The group a class sets, with its variants and `!` in front (`hover:bg-color`, `sm:!p`), or undefined. Variants
 * are sorted, so `hover:focus:` and `focus:hover:` are one scope; tailwind-merge keeps an arbitrary variant
 * (`[&_svg]:`) and `before:`/`file:`… in place instead, which differs only when the app stacks one of those with
 * another variant in two orders (the pair test would show it). A `/`
 * modifier stays in the value (`bg-primary/90` is a color, `w-1/2` a width); only `text-sm/6` needs it cut.
 */
function scopedGroup(className: string): [scope: string, group: string] | undefined {
  const variants: string[] = [];
  let depth = 0;
  let start = 0;
  for (let index = 0; index < className.length; index++) {
    const character = className[index]!;
    if (depth === 0 && character === ':') {
      variants.push(className.slice(start, index));
      start = index + 1;
    } else if ('[('.includes(character)) depth++;
    else if ('])'.includes(character)) depth--;
  }
  const base = className.slice(start);
  const group = groupOf(base.replace(/^!|!$/, ''));
  return group ? [variants.sort().join(':') + (/^!|!$/.test(base) ? '!' : ''), group] : undefined;
}

/**
 * The merges already made, by class list: a page asks for the same few hundred lists on every render, and merging
 * one costs tens of microseconds (about 50 ms of the checkout page's hydration at Lighthouse's 4x CPU slowdown).
 * Bounded, in case class lists are ever built from data.
 */
const merged = new Map<string, string>();
const MAX_MERGED = 2000;

/** Removes the classes that a later class overrides; keeps the order of the rest. */
export function mergeClasses(classList: string): string {
  let result = merged.get(classList);
  if (result === undefined) {
    if (merged.size >= MAX_MERGED) merged.clear();
    result = mergeUncached(classList);
    merged.set(classList, result);
  }
  return result;
}

function mergeUncached(classList: string): string {
  const claimed = new Set<string>();
  const kept: string[] = [];
  const classNames = classList.trim().split(/\s+/);
  for (let index = classNames.length - 1; index >= 0; index--) {
    const className = classNames[index]!;
    const scoped = scopedGroup(className);
    if (scoped) {
      const [scope, group] = scoped;
      if (claimed.has(scope + group)) continue;
      for (const overridden of [group, ...(CONFLICTS.get(group) ?? [])]) claimed.add(scope + overridden);
    }
    kept.push(className);
  }
  return kept.reverse().join(' ');
}
