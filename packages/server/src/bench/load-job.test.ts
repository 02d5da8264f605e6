import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runLoadJob, type LoadJob } from './load-job.ts';

/** A real HTTP server: `/now` answers at once, `/late` after LATE_MS. */
const LATE_MS = 50;

describe('runLoadJob: latencies by step of each connection’s sequence', () => {
  let server: Server;
  let baseUrl: string;
  beforeAll(async () => {
    server = createServer((request, response) => {
      const answer = () => response.end('ok');
      if (request.url === '/late') setTimeout(answer, LATE_MS);
      else answer();
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

  it('attributes each answer to its place in the loop', async () => {
    const result = await runLoadJob(
      job([
        [
          { method: 'GET', path: '/now' },
          { method: 'GET', path: '/late' },
        ],
      ]),
    );
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
    const result = await runLoadJob(job([[{ method: 'GET', path: '/now' }]]));
    expect(result.requests).toBeGreaterThan(0);
    expect(result.steps).toEqual([]);
  });
});
