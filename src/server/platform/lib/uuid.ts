const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a well-formed uuid: anything else can be answered "not found" without asking the database. */
export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}
