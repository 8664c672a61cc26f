import pg from 'pg';

/**
 * pg's pool, keeping the connection of a statement the server refused. pg-pool's `query` releases its client with
 * the statement's error, and a client released with an error is closed: every refusal raised on purpose (a full
 * delivery window, the unpaid share's recount, a unique violation) cost a new connection, a PostgreSQL backend forked
 * and authenticated for the next statement. In a heat wave's burst of checkouts that was most connections (10 of
 * 13 younger than a second in the create-session benchmark). An error the server reports with severity ERROR ends
 * that statement only: outside a transaction, as every statement sent through `query` is (drizzle's transactions
 * take a client of their own with `connect`), the session is ready for the next. Anything else — the connection
 * lost, a FATAL, a timeout of the client's — still closes it. Callbacks and submittables keep pg-pool's own `query`.
 */
export class PostgresPool extends pg.Pool {
  override query(...args: unknown[]): never {
    const [text, values, callback] = args;
    // A callback, or a submittable (a cursor, a stream) that reads after the call returns: pg-pool's own `query`.
    const submittable = typeof (text as { submit?: unknown } | null)?.submit === 'function';
    if (typeof values === 'function' || typeof callback === 'function' || submittable) {
      return (super.query as (...rest: unknown[]) => never)(...args);
    }
    return this.connect().then(async (client) => {
      try {
        const result = await client.query(text as string, values as unknown[] | undefined);
        client.release();
        return result;
      } catch (error) {
        client.release(endsOnlyTheStatement(error) ? undefined : (error as Error));
        throw error;
      }
    }) as never;
  }
}

/** A refusal the server reports for the statement alone; its session goes on. */
function endsOnlyTheStatement(error: unknown): boolean {
  return error instanceof pg.DatabaseError && error.severity === 'ERROR';
}
