import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, logCapture } from '../test/test-app.ts';

/** Sends `text` on a new connection, then resolves with the answer once the server closes it. */
function raw(port: number, text: string, trickle = false): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    let timer: NodeJS.Timeout | undefined;
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(text);
      if (trickle) timer = setInterval(() => socket.write(' '), 200);
    });
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')));
    socket.on('close', () => {
      clearInterval(timer);
      resolve(answer);
    });
    socket.on('error', reject);
  });
}

type Line = {
  level: number;
  msg: string;
  status?: number;
  reason?: string;
  remoteAddress?: string;
  reqId?: string;
};

/** The answer's `X-Request-Id` (decision 136). */
const requestIdOf = (answer: string) => /^x-request-id: ([0-9a-f-]{36})\r$/im.exec(answer)?.[1];

describe('answers written at the HTTP edge are logged', () => {
  let t: TestApp;
  let port: number;
  const { stream, lines } = logCapture();
  beforeAll(async () => {
    t = await createTestApp({ LOG_LEVEL: 'info', REQUEST_TIMEOUT_MS: '1000' }, { logStream: stream });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  /** The lines logged while `send` ran (and the server closed the connection). */
  async function loggedBy(send: () => Promise<string>): Promise<{ answer: string; logged: Line[] }> {
    const before = lines.length;
    const answer = await send();
    await new Promise((resolve) => setTimeout(resolve, 50));
    return { answer, logged: lines.slice(before).map((line) => JSON.parse(line) as Line) };
  }

  it.each([
    ['a broken header', 'GET / HTTP/1.1\r\nHost: x\r\nNot a SECRET-ISH header\r\n\r\n', 400, 'HPE_'],
    ['a raw ESC in the address', 'GET /a\u001b[31mSECRET-ISH HTTP/1.1\r\nHost: x\r\n\r\n', 400, 'HPE_'],
    [
      'Transfer-Encoding with Content-Length',
      'POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\nX-A: SECRET-ISH\r\n\r\n0\r\n\r\n',
      400,
      'HPE_',
    ],
    [
      'headers over the limit',
      `GET / HTTP/1.1\r\nHost: x\r\nX-Big: SECRET-ISH${'a'.repeat(20_000)}\r\n\r\n`,
      431,
      'HPE_HEADER_OVERFLOW',
    ],
    [
      'an Expect it cannot meet',
      'GET /api/v1/health HTTP/1.1\r\nHost: x\r\nExpect: SECRET-ISH\r\n\r\n',
      417,
      'EXPECTATION',
    ],
    ['CONNECT', 'CONNECT SECRET-ISH:443 HTTP/1.1\r\nHost: SECRET-ISH:443\r\n\r\n', 400, 'CONNECT'],
  ])(
    '%s: one info line with the status sent, the address and the reason, no bytes of it',
    async (_, text, status, reason) => {
      const { answer, logged } = await loggedBy(() => raw(port, text));
      expect(answer).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
      expect(logged).toHaveLength(1);
      expect(logged[0]).toMatchObject({ level: 30, status, remoteAddress: '127.0.0.1' });
      expect(logged[0]!.reason).toContain(reason);
      expect(JSON.stringify(logged)).not.toContain('SECRET-ISH');
      // The answer names the line that logged it, as every answer does (decision 136).
      expect(requestIdOf(answer)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-/);
      expect(logged[0]!.reqId).toBe(requestIdOf(answer));
    },
  );

  it('logs a request that timed out while its body trickled in as the 408 it was answered', async () => {
    const { answer, logged } = await loggedBy(() =>
      raw(
        port,
        'POST /api/v1/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{',
        true,
      ),
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    const statuses = logged.filter((line) => line.status !== undefined);
    expect(statuses).toHaveLength(1);
    expect(statuses[0]).toMatchObject({ level: 30, status: 408, reason: 'ERR_HTTP_REQUEST_TIMEOUT' });
    // The request's own id, which the error handler logged it with (decision 136).
    expect(statuses[0]!.reqId).toBe(requestIdOf(answer));
  });
});
