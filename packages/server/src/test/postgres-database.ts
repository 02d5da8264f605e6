import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface PostgresTestDatabase {
  name: string;
  url: string;
  /** Runs one statement as the server's superuser (outside the test database). */
  admin<T extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<T[]>;
  drop(): Promise<void>;
}

/** A new, empty PostgreSQL database with a unique name on the server at `serverUrl`. */
export async function createPostgresDatabase(serverUrl: string): Promise<PostgresTestDatabase> {
  const name = `test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = async <T extends pg.QueryResultRow>(text: string, values?: unknown[]) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      return (await client.query<T>(text, values)).rows;
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    admin,
    async drop() {
      // pool.end() resolves before its sockets have closed; forcing the drop while they are still
      // closing kills them mid-goodbye and surfaces as an unhandled 57P01 error. Let them go first.
      for (let i = 0; i < 50; i++) {
        const [row] = await admin<{ n: number }>(
          'select count(*)::int as n from pg_stat_activity where datname = $1',
          [name],
        );
        if (row!.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await admin(`drop database if exists ${name} with (force)`);
    },
  };
}
