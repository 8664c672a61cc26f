import type { Config } from './config';
import type { Database, Db } from './db/client';

/** What the routes and services get from the outside world. Tests build the same thing with a test database. */
export interface AppDeps {
  config: Config;
  database: Database;
  db: Db;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}
