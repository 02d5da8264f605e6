import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from './client.ts';
import { rows } from './rows.ts';

/**
 * Decision 059: PGlite answers on this thread, so a chain of statements must still let the event loop
 * turn between them — else sockets (new connections, other requests) wait for the whole chain.
 */
describe('embedded database: statements let the event loop turn', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://' });
  });
  afterAll(() => database.close());

  it('a callback queued for the next turn runs before a chain of 100 statements ends', async () => {
    let done = 0;
    let doneWhenTurned = -1;
    setImmediate(() => {
      doneWhenTurned = done;
    });
    for (let i = 0; i < 100; i += 1) {
      await database.db.execute(sql`select 1`);
      done += 1;
    }
    expect(doneWhenTurned).toBeGreaterThanOrEqual(0);
    expect(doneWhenTurned).toBeLessThan(5);
  });

  it('inside a transaction the statements run straight on, in order', async () => {
    const seen = await database.db.transaction(async (tx) => {
      const order: number[] = [];
      for (let i = 0; i < 3; i += 1) {
        const [row] = await rows<{ n: number }>(tx, sql`select ${i}::int as n`);
        order.push(row!.n);
      }
      return order;
    });
    expect(seen).toEqual([0, 1, 2]);
  });
});
