import path from 'node:path';

/** The embedded database's folder in DATA_DIR (which also holds the outbox, the backups and the server's lock). */
export const embeddedDatabaseDir = (dataDir: string): string => path.join(dataDir, 'db');
