import { connect, type AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createTestApp } from './test/test-app.ts';

/**
 * A deploy stops the server with SIGTERM (main.ts closes the app): it stops accepting connections,
 * lets the requests it has already begun to receive finish with the database (closed last), and then
 * exits. A request whose first bytes arrived before the close is served whole, not refused.
 */
describe('closing the server', () => {
  it('serves a request it had begun to receive, in full, and lets its connection go', async () => {
    const t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')));
    const ended = new Promise((resolve) => socket.on('close', resolve));
    await new Promise((resolve) => socket.once('connect', resolve));
    // Half a request: the connection is busy, so closing does not drop it as idle.
    socket.write('GET /api/v1/health HTTP/1.1\r\nHost: x\r\n');
    await new Promise((resolve) => setTimeout(resolve, 50));

    const closed = t.app.close();
    await new Promise((resolve) => setTimeout(resolve, 50));
    socket.write('\r\n');
    await ended;
    await closed;

    const [head = '', body = ''] = answer.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 200 /);
    expect(head).toMatch(/^connection: close$/im);
    expect(JSON.parse(body)).toMatchObject({ status: 'ok', database: 'ok' });
    await t.close();
  });
});
