import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface PostgresTestDatabase {
  name: string;
  url: string;
  /** Runs one statement as the server's superuser (outside the test database). */
  admin<T extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<T[]>;
  /** Resolves once no session is connected to the database (or after about a second). */
  disconnected(): Promise<void>;
  /**
   * Runs `during` while the database is away for real: closed to new connections and every session
   * of it (the app's) terminated; it takes connections again afterwards, whatever `during` did.
   */
  whileAway<T>(during: () => Promise<T>): Promise<T>;
  drop(): Promise<void>;
}

/**
 * A new PostgreSQL database with a unique name on the server at `serverUrl`: empty, or a copy of the
 * database `template` (which nobody may be connected to).
 */
export async function createPostgresDatabase(
  serverUrl: string,
  options: { template?: string; prefix?: string } = {},
): Promise<PostgresTestDatabase> {
  const name = `${options.prefix ?? 'test'}_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = async <T extends pg.QueryResultRow>(text: string, values?: unknown[]) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      return (await client.query<T>(text, values)).rows;
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}${options.template ? ` template ${options.template}` : ''}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const disconnected = async () => {
    // pool.end() resolves before its sockets have closed.
    for (let i = 0; i < 50; i++) {
      const [row] = await admin<{ n: number }>(
        'select count(*)::int as n from pg_stat_activity where datname = $1',
        [name],
      );
      if (row!.n === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const whileAway = async <T>(during: () => Promise<T>) => {
    await admin(`alter database ${name} allow_connections false`);
    try {
      await admin(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [name],
      );
      return await during();
    } finally {
      await admin(`alter database ${name} allow_connections true`);
    }
  };
  return {
    name,
    url: url.toString(),
    admin,
    disconnected,
    whileAway,
    async drop() {
      // Forcing the drop while the pool's sockets are still closing kills them mid-goodbye and
      // surfaces as an unhandled 57P01 error. Let them go first.
      await disconnected();
      await admin(`drop database if exists ${name} with (force)`);
    },
  };
}
