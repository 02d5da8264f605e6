import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runLoadJob, type LoadJob } from './load-job.ts';

/**
 * A real HTTP server: `/now` answers at once, `/late` after LATE_MS, `/big` a 20 kB body, `/chunked`
 * in chunks without a length, `/missing` 404, `/drop` closes the connection without an answer;
 * `/who` records the authorization header it got.
 */
const LATE_MS = 50;
const BIG = Buffer.from('ع'.repeat(10_000));

describe('runLoadJob: latencies by step of each connection’s sequence', () => {
  let server: Server;
  const seen: string[] = [];
  let baseUrl: string;
  beforeAll(async () => {
    server = createServer((request, response) => {
      const answer = () => response.end('ok');
      if (request.url === '/late') setTimeout(answer, LATE_MS);
      else if (request.url === '/big') response.end(BIG);
      else if (request.url === '/chunked') {
        response.write(BIG.subarray(0, 7_000));
        setTimeout(() => response.end(BIG.subarray(7_000)), 1);
      } else if (request.url === '/missing') response.writeHead(404).end('{}');
      else if (request.url === '/drop') request.socket.destroy();
      else if (request.url === '/who') {
        seen.push(String(request.headers.authorization));
        answer();
      } else answer();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const job = (sequences: LoadJob['sequences']): LoadJob => ({
    baseUrl,
    connections: 2,
    durationSeconds: 1,
    maxRequests: 10_000,
    sequences,
  });

  /** One connection's loop of GET requests. */
  const gets = (...paths: string[]) => paths.map((path) => ({ method: 'GET' as const, path }));

  it('attributes each answer to its place in the loop', async () => {
    const result = await runLoadJob(job([gets('/now', '/late')]));
    expect(result.failures).toBe(0);
    expect(result.steps).toHaveLength(2);
    const [now, late] = result.steps;
    // Every loop is one of each, so the counts differ by at most the loops cut off at the end.
    expect(late!.requests).toBeGreaterThan(0);
    expect(now!.requests - late!.requests).toBeGreaterThanOrEqual(0);
    expect(now!.requests - late!.requests).toBeLessThanOrEqual(2);
    expect(now!.requests + late!.requests).toBe(result.requests);
    // The server holds every /late answer LATE_MS: none of them can come sooner.
    expect(late!.p50).toBeGreaterThanOrEqual(LATE_MS);
    expect(now!.p50).toBeLessThan(late!.p50);
  });

  it('reports no steps for a single request', async () => {
    const result = await runLoadJob(job([gets('/now')]));
    expect(result.requests).toBeGreaterThan(0);
    expect(result.steps).toEqual([]);
  });

  it('reads whole answers of any size and framing, every one counted', async () => {
    const result = await runLoadJob(job([gets('/big', '/chunked')]));
    expect(result.failures).toBe(0);
    expect(result.statuses).toEqual({ 200: result.requests });
    expect(result.steps[0]!.requests).toBeGreaterThan(10);
    expect(result.steps[1]!.requests).toBeGreaterThan(10);
  });

  it('counts answers other than 2xx and connections lost mid-request as failures, and goes on', async () => {
    const result = await runLoadJob(job([gets('/missing', '/drop', '/now')]));
    const dropped = Object.values(result.errors).reduce((sum, n) => sum + n, 0);
    expect(result.statuses['404']).toBeGreaterThan(0);
    expect(result.statuses['200']).toBeGreaterThan(0);
    expect(dropped).toBeGreaterThan(0);
    expect(result.failures).toBe(result.statuses['404']! + dropped);
    // A dropped request has no time: only answers are timed.
    expect(result.requests).toBe(result.statuses['404']! + result.statuses['200']!);
  });

  it('stops at the request cap and gives each request the next token when they rotate', async () => {
    seen.length = 0;
    const tokens = ['a', 'b', 'c', 'd', 'e'];
    const result = await runLoadJob({
      ...job([[{ method: 'GET', path: '/who', token: 'fixed' }]]),
      durationSeconds: 5,
      maxRequests: tokens.length,
      rotateTokens: tokens,
    });
    expect(result.requests).toBe(tokens.length);
    expect(result.seconds).toBeLessThan(5);
    expect(seen.sort()).toEqual(tokens.map((token) => `Bearer ${token}`));
  });

  it('sends bodies with their length and the job’s accept-encoding', async () => {
    const received: string[] = [];
    const echo = createServer((request, response) => {
      const parts: Buffer[] = [];
      request.on('data', (part: Buffer) => parts.push(part));
      request.on('end', () => {
        const { method, headers } = request;
        received.push(
          `${method} ${headers['accept-encoding']} ${headers['content-type']} ${Buffer.concat(parts).toString()}`,
        );
        response.end('ok');
      });
    });
    await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(echo.address() as AddressInfo).port}`;
    const result = await runLoadJob({
      baseUrl: url,
      connections: 1,
      durationSeconds: 1,
      maxRequests: 2,
      sequences: [[{ method: 'PUT', path: '/x', body: '{"answer":"ب"}' }]],
      acceptEncoding: 'br, gzip',
    });
    await new Promise((resolve) => echo.close(resolve));
    expect(result.failures).toBe(0);
    const sent = 'PUT br, gzip application/json {"answer":"ب"}';
    expect(received).toEqual([sent, sent]);
  });

  it('counts a server that refuses connections as failures, and one that closes after an answer as none', async () => {
    const refused = await runLoadJob({ ...job([gets('/now')]), baseUrl: 'http://127.0.0.1:1' });
    expect(refused.requests).toBe(0);
    expect(refused.failures).toBeGreaterThan(0);
    expect(Object.keys(refused.errors)).toEqual(['ECONNREFUSED']);

    const closing = createServer((_request, response) => response.setHeader('connection', 'close').end('ok'));
    await new Promise<void>((resolve) => closing.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(closing.address() as AddressInfo).port}`;
    const answered = await runLoadJob({ ...job([gets('/now')]), baseUrl: url, maxRequests: 50 });
    await new Promise((resolve) => closing.close(resolve));
    expect(answered.requests).toBe(50);
    expect(answered.failures).toBe(0);
  });

  it('spreads the connections over the instances given, each connection on one', async () => {
    const byInstance: string[][] = [[], []];
    const instances = await Promise.all(
      byInstance.map(async (heard) => {
        const instance = createServer((request, response) => {
          heard.push(String(request.headers.authorization));
          response.end('ok');
        });
        await new Promise<void>((resolve) => instance.listen(0, '127.0.0.1', resolve));
        return instance;
      }),
    );
    const urls = instances.map((each) => `http://127.0.0.1:${(each.address() as AddressInfo).port}`);
    const result = await runLoadJob({
      ...job([0, 1, 2, 3].map((n) => [{ method: 'GET' as const, path: '/', token: `learner-${n}` }])),
      baseUrl: urls[0]!,
      otherUrls: urls.slice(1),
      connections: 4,
      maxRequests: 400,
    });
    await Promise.all(instances.map((each) => new Promise((resolve) => each.close(resolve))));
    expect(result.failures).toBe(0);
    // Connections 0 and 2 on the first instance, 1 and 3 on the second.
    expect(new Set(byInstance[0])).toEqual(new Set(['Bearer learner-0', 'Bearer learner-2']));
    expect(new Set(byInstance[1])).toEqual(new Set(['Bearer learner-1', 'Bearer learner-3']));
  });
});
