/** True when a query failed on a unique constraint (SQLSTATE 23505), whichever driver and wrapper raised it. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error; current && typeof current === 'object'; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/**
 * True when a query failed on one of our SQL functions' RAISE EXCEPTION with this message (a refusal that undoes its
 * whole statement), whichever driver and wrapper raised it.
 */
export function isRaise(error: unknown, message: string): boolean {
  for (let cause: unknown = error; cause; cause = (cause as { cause?: unknown }).cause) {
    if (cause instanceof Error && cause.message.includes(message)) return true;
  }
  return false;
}
