/**
 * `compute` remembered by its string argument, for request headers that come again and again (Accept-Encoding,
 * Accept-Language: a browser sends the same value on every request). The last value is compared first, which costs
 * less than hashing it; then a map of up to `limit` values, emptied when full, so a client sending a new value each
 * time costs what it would without the memo, and no more memory.
 */
export function stringMemo<T>(compute: (key: string) => T, limit = 256): (key: string) => T {
  const known = new Map<string, T>();
  let lastKey: string | undefined;
  let lastValue!: T;
  return (key) => {
    if (key === lastKey) return lastValue;
    let value = known.get(key);
    if (value === undefined && !known.has(key)) {
      value = compute(key);
      if (known.size >= limit) known.clear();
      known.set(key, value);
    }
    lastKey = key;
    lastValue = value as T;
    return lastValue;
  };
}
