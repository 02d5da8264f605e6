import { rm } from 'node:fs/promises';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { webAppWithShells } from '../features/certificates/certificates.test-helpers.ts';
import { originForm } from './http-edges.ts';

/**
 * Sends `text` on a new connection and collects everything the server answers until it closes. The
 * client does not end its side first: Node drops a request still being answered when its client
 * half-closes (no `allowHalfOpen`), so each request here asks the server to close instead.
 */
function raw(port: number, text: string): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(text));
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

const bodyOf = (answer: string): unknown => JSON.parse(answer.split('\r\n\r\n')[1]!);
const arabicBadRequest = { success: false, code: 'BAD_REQUEST', message: 'الطلب غير صالح ولا يمكن قراءته.' };

describe('HTTP that Node would answer by itself is answered in the envelope', () => {
  let t: TestApp;
  let port: number;
  let webDist: string;
  beforeAll(async () => {
    // A built web app, so that pages and their HTML error pages are served beside the API.
    webDist = await webAppWithShells();
    t = await createTestApp({ WEB_DIST: webDist });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await t.close();
    await rm(webDist, { recursive: true, force: true });
  });

  it('answers HTTP that cannot be parsed at all in the envelope, over a real socket', async () => {
    const broken = await raw(port, 'GET / HTTP/1.1\r\nHost: x\r\nNot a header\r\n\r\n');
    expect(broken).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(broken.split('\r\n\r\n')[1]!)).toMatchObject({ success: false, code: 'BAD_REQUEST' });

    const huge = await raw(port, `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(huge).toMatch(/^HTTP\/1\.1 431 /);
    expect(JSON.parse(huge.split('\r\n\r\n')[1]!)).toMatchObject({
      success: false,
      code: 'PAYLOAD_TOO_LARGE',
    });
  });

  it('answers an HTTP/1.1 request without Host 400 in the envelope, in the caller’s language', async () => {
    const answer = await raw(
      port,
      'GET /api/v1/health HTTP/1.1\r\nAccept-Language: ar\r\nConnection: close\r\n\r\n',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(bodyOf(answer)).toEqual(arabicBadRequest);
    // HTTP/1.0 has no Host to require.
    expect(await raw(port, 'GET /api/v1/health HTTP/1.0\r\n\r\n')).toMatch(/^HTTP\/1\.1 200 /);
  });

  it('answers an Expect it cannot meet 417 in the envelope, and goes on with 100-continue', async () => {
    const refused = await raw(
      port,
      'GET /api/v1/health HTTP/1.1\r\nHost: x\r\nExpect: garbage\r\nAccept-Language: ar\r\n\r\n',
    );
    expect(refused).toMatch(/^HTTP\/1\.1 417 /);
    expect(bodyOf(refused)).toEqual(arabicBadRequest);
    const login = await raw(
      port,
      'POST /api/v1/auth/login HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Type: application/json\r\n' +
        'Content-Length: 2\r\nConnection: close\r\n\r\n{}',
    );
    expect(login).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 400 /);
  });

  it('answers CONNECT 400 in the envelope instead of closing the connection without a word', async () => {
    const answer = await raw(
      port,
      'CONNECT 127.0.0.1:1 HTTP/1.1\r\nHost: 127.0.0.1:1\r\nAccept-Language: ar\r\n\r\n',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(bodyOf(answer)).toEqual(arabicBadRequest);
  });

  it('routes and answers a request target in absolute form as its path: API errors stay JSON', async () => {
    const api = await raw(
      port,
      `GET http://127.0.0.1:${port}/api/v1/course/approved HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
    );
    expect(api).toMatch(/^HTTP\/1\.1 401 /);
    expect(api).toMatch(/content-type: application\/json/i);
    expect(bodyOf(api)).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
    const health = await raw(
      port,
      `GET HTTP://x/api/v1/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
    );
    expect(health).toMatch(/^HTTP\/1\.1 200 /);
    // A page in absolute form is still a page.
    const page = await raw(port, `GET http://x/dashboard HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
    expect(page).toMatch(/^HTTP\/1\.1 200 /);
    expect(page).toMatch(/content-type: text\/html/i);
  });
});

describe('originForm', () => {
  it('keeps an origin-form target and takes the path and query out of an absolute one', () => {
    expect(originForm('/api/v1/x?q=1')).toBe('/api/v1/x?q=1');
    expect(originForm('http://example.org/api/v1/x?q=1')).toBe('/api/v1/x?q=1');
    expect(originForm('https://user@example.org:8080')).toBe('/');
    expect(originForm('http://example.org?q=1')).toBe('/?q=1');
    expect(originForm('*')).toBe('*');
  });
});

describe('a client that never finishes its request', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ REQUEST_TIMEOUT_MS: '1000' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  /** Headers, then a body promised 100 bytes long and sent a byte at a time: never complete. */
  function trickle(
    headers = '',
    path = '/api/v1/auth/login',
  ): Promise<{ answer: string; closedAfter: number }> {
    const { port } = t.app.server.address() as AddressInfo;
    const started = Date.now();
    return new Promise((resolve, reject) => {
      let answer = '';
      let trickling: NodeJS.Timeout | undefined;
      const socket = connect(port, '127.0.0.1', () => {
        socket.write(
          `POST ${path} HTTP/1.1\r\nHost: x\r\n${headers}Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{`,
        );
        trickling = setInterval(() => socket.write(' '), 200);
      });
      socket.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')));
      socket.on('close', () => {
        clearInterval(trickling);
        resolve({ answer, closedAfter: Date.now() - started });
      });
      socket.on('error', reject);
    });
  }

  it('is answered 408 in the envelope and let go once REQUEST_TIMEOUT_MS has passed', async () => {
    const { answer, closedAfter } = await trickle();
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    // Said as what it is, not as a request that could not be read (English: the headers ask no language).
    expect(bodyOf(answer)).toEqual({
      success: false,
      code: 'BAD_REQUEST',
      message: 'The request took too long to arrive. Please try again.',
    });
    // Within the limit and Node's check of it (a quarter of the limit), not whenever the client stops.
    expect(closedAfter).toBeGreaterThanOrEqual(1000);
    expect(closedAfter).toBeLessThan(5000);
  });

  it("is answered in the language the request's headers asked for, which had arrived", async () => {
    const { answer } = await trickle('Accept-Language: ar-SA,en;q=0.5\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(bodyOf(answer)).toEqual({
      success: false,
      code: 'BAD_REQUEST',
      message: 'استغرق وصول الطلب وقتًا طويلًا. يرجى المحاولة مرة أخرى.',
    });
  });

  it('refused on its headers before its body came, is answered once and its connection closed', async () => {
    // A token that is no session: refused before the body is read, while it trickles on.
    const { answer, closedAfter } = await trickle(
      'Accept-Language: ar\r\nAuthorization: Bearer not-a-session\r\n',
      '/api/v1/course/exercise-score/00000000-0000-4000-8000-000000000000',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 401 /);
    expect(answer.match(/HTTP\/1\.1 /g)).toHaveLength(1);
    expect(answer).toMatch(/\r\nconnection: close\r\n/i);
    expect(bodyOf(answer)).toMatchObject({ success: false, code: 'TOKEN_INVALID' });
    expect((bodyOf(answer) as { message: string }).message).toMatch(/[\u0600-\u06FF]/);
    // Closed with the answer, not by REQUEST_TIMEOUT_MS's 408 a second later.
    expect(closedAfter).toBeLessThan(1000);
  });
});
