import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import type { BenchFixtures } from './bench-data.ts';
import type { LoadClient } from './load-client.ts';
import { latencies, type LoadResult, type RequestSpec } from './load-job.ts';
import { rows } from './loader.ts';
import type { RouteFigure } from './report.ts';
import { CEILING_PATH, type HotRoute } from './routes.ts';

export const WARMUP_SECONDS = 1;
/** A route whose single answer takes longer than this is timed one request at a time, not loaded. */
const SLOW_MS = 1_000;
/** Upper bound of requests in one job, whatever its duration. */
export const MAX_REQUESTS = 1_000_000;

/** One request outside the load generator: status, body size and time (for the probe and slow routes). */
export async function once(baseUrl: string, request: RequestSpec, token = request.token) {
  const started = performance.now();
  const response = await fetch(baseUrl + request.path, {
    method: request.method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(request.body ? { 'content-type': 'application/json' } : {}),
    },
    body: request.body,
    signal: AbortSignal.timeout(60_000),
  });
  const bytes = (await response.arrayBuffer()).byteLength;
  return { status: response.status, bytes, ms: performance.now() - started };
}

/**
 * Waits (up to 2 minutes) until the server has finished what an overrun left behind: no query of
 * this database running, then one answer from the bare route. Keeps one route's backlog out of the
 * next route's figures, and lets close() find an idle server.
 */
export async function settle(database: Database, baseUrl: string) {
  const deadline = Date.now() + 120_000;
  while (database.kind === 'postgres' && Date.now() < deadline) {
    const [busy] = await rows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and state = 'active' and pid <> pg_backend_pid()`,
    );
    if (busy!.n === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await once(baseUrl, { method: 'GET', path: CEILING_PATH });
}

function sequentialResult(times: number[], failures: number): LoadResult {
  const total = times.reduce((sum, time) => sum + time, 0);
  return {
    ...latencies(times),
    seconds: total / 1000,
    perSecond: (times.length * 1000) / total,
    failures,
    statuses: {},
    errors: {},
    steps: [],
  };
}

/** How long and how hard each route is loaded, and where its progress is written. */
export interface MeasureOptions {
  seconds: number;
  connections: number;
  acceptEncoding?: string;
  log: (line: string) => void;
}

export async function measureRoute(
  load: LoadClient,
  baseUrl: string,
  route: HotRoute,
  fixtures: BenchFixtures,
  options: MeasureOptions,
): Promise<RouteFigure> {
  const fresh = fixtures.freshTokens;
  const probe = await once(baseUrl, route.request, route.freshCallers ? fresh[0] : undefined);
  if (probe.status >= 300) {
    options.log(`  ${route.name}: answered ${probe.status}; not measured`);
    return {
      route: route.name,
      ceiling: Boolean(route.ceiling),
      bytes: probe.bytes,
      sequential: true,
      result: sequentialResult([probe.ms], 1),
    };
  }
  if (probe.ms > SLOW_MS && !route.freshCallers) {
    const times = [probe.ms];
    for (let i = 0; i < 2; i++) times.push((await once(baseUrl, route.request)).ms);
    return {
      route: route.name,
      ceiling: Boolean(route.ceiling),
      bytes: probe.bytes,
      sequential: true,
      result: sequentialResult(times, 0),
    };
  }
  const job = (durationSeconds: number, tokens?: string[]) =>
    load.run({
      baseUrl,
      connections: options.connections,
      durationSeconds,
      maxRequests: tokens?.length ?? MAX_REQUESTS,
      sequences: route.perConnection?.map((request) => [request]) ?? [[route.request]],
      ...(tokens ? { rotateTokens: tokens } : {}),
      acceptEncoding: options.acceptEncoding,
    });
  const split = Math.floor(fresh.length / 4);
  await job(WARMUP_SECONDS, route.freshCallers ? fresh.slice(1, split) : undefined);
  // The server runs in this process, which otherwise only waits for the job: its CPU time is the server's.
  const cpu = process.cpuUsage();
  const result = await job(options.seconds, route.freshCallers ? fresh.slice(split) : undefined);
  const { user, system } = process.cpuUsage(cpu);
  return {
    route: route.name,
    ceiling: Boolean(route.ceiling),
    bytes: probe.bytes,
    sequential: false,
    result,
    cpuMicros: result.requests ? (user + system) / result.requests : undefined,
  };
}
