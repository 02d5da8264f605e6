import net from 'node:net';

/** A `COMMIT` sent with the simple query protocol ('Q', its length, the text): node-postgres's. */
const COMMIT = /Q[\s\S]{4}commit\0/i;
const ROLLBACK = /Q[\s\S]{4}rollback\0/i;

/**
 * A TCP proxy to PostgreSQL that, once armed, passes on the next `COMMIT` of a transaction whose
 * statements included `marker` (e.g. `insert into "email_outbox"`: not the housekeeping's own) and then
 * cuts the client's side at once, keeping its own side open until the server has answered (and so
 * committed): the client sees its connection lost with no way to know the commit happened. The app
 * reaches it through `createTestApp`'s `proxyPort`.
 */
export async function commitCutter(target: URL) {
  let marker = '';
  let armed: (() => void) | null = null;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((inbound) => {
    const outbound = net.connect(Number(target.port || 5432), target.hostname);
    sockets.add(inbound).add(outbound);
    let cut = false;
    let marked = false; // this connection's transaction sent the marker
    inbound.on('data', (chunk) => {
      outbound.write(chunk);
      const text = chunk.toString('latin1');
      marked ||= armed !== null && text.includes(marker);
      if (!COMMIT.test(text) && !ROLLBACK.test(text)) return;
      if (!armed || !marked || !COMMIT.test(text)) {
        marked = false; // that transaction is over: the connection's next one starts unmarked
        return;
      }
      const done = armed;
      armed = null;
      cut = true;
      inbound.destroy();
      // The server's answer to the COMMIT: it has committed. Then this side goes too.
      outbound.once('data', () => {
        outbound.destroy();
        done();
      });
    });
    outbound.on('data', (chunk) => {
      if (!cut) inbound.write(chunk);
    });
    for (const socket of [inbound, outbound]) {
      socket.on('error', () => {});
      socket.on('close', () => sockets.delete(socket));
    }
    inbound.on('close', () => {
      if (!cut) outbound.destroy();
    });
    outbound.on('close', () => inbound.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    /** Resolves once the server has answered the cut `COMMIT`. */
    cutNextCommit: (after: string) =>
      new Promise<void>((resolve) => {
        marker = after;
        armed = resolve;
      }),
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
