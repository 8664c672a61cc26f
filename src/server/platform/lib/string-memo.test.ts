import { describe, expect, it } from 'vitest';
import { stringMemo } from './string-memo';

describe('stringMemo', () => {
  it('computes each value once, undefined answers included, whatever the order they come in', () => {
    const computed: string[] = [];
    const memo = stringMemo((key) => {
      computed.push(key);
      return key === 'none' ? undefined : key.length;
    });
    for (const key of ['ab', 'ab', 'none', 'ab', 'none', 'abc', 'ab']) memo(key);
    expect(computed).toEqual(['ab', 'none', 'abc']);
    expect([memo('ab'), memo('none'), memo('abc')]).toEqual([2, undefined, 3]);
  });

  it('keeps at most `limit` values: a new one past it empties the map and starts again', () => {
    const computed: string[] = [];
    const memo = stringMemo((key) => computed.push(key), 2);
    for (const key of ['a', 'b', 'c', 'a', 'c']) memo(key);
    // 'c' found the map full (a, b) and emptied it, so 'a' is computed again; 'c' (just before 'a') is still known.
    expect(computed).toEqual(['a', 'b', 'c', 'a']);
  });
});
