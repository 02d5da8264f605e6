/**
 * One autocannon job of the bench's load generator (load-generator.ts runs it in a child process):
 * bounded by time and by request count; it only ever talks to the URL it is given.
 */
import autocannon from 'autocannon';

export interface RequestSpec {
  method: 'GET' | 'POST';
  path: string;
  /** Bearer token; omitted for the bare route. */
  token?: string;
  /** JSON body (POST). */
  body?: string;
}

export interface LoadJob {
  baseUrl: string;
  connections: number;
  durationSeconds: number;
  /** Hard cap on requests sent, whatever the duration. */
  maxRequests: number;
  /** Connection i sends sequences[i % sequences.length] in a loop: one identity per connection. */
  sequences: RequestSpec[][];
  /** When set, every request takes the next of these tokens instead (one fresh learner per request). */
  rotateTokens?: string[];
  /** Sent as `accept-encoding` on every request (as a browser does), so answers come compressed. */
  acceptEncoding?: string;
}

export interface LoadResult {
  requests: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** Answers other than 2xx, connection errors and timeouts: any of them makes the figure suspect. */
  failures: number;
  statuses: Record<string, number>;
  /** The failures without an answer, by kind (`ECONNRESET`, `request timed out`…). */
  errors: Record<string, number>;
  /**
   * With sequences of more than one request: the answers' percentiles by place in the sequence (a
   * learner's loop: which step makes the tail).
   */
  steps: StepLatency[];
}

export interface StepLatency {
  requests: number;
  p50: number;
  p95: number;
  p99: number;
}

const toRequest = (spec: RequestSpec, acceptEncoding?: string) => ({
  method: spec.method,
  path: spec.path,
  headers: {
    ...(spec.token ? { authorization: `Bearer ${spec.token}` } : {}),
    ...(spec.body ? { 'content-type': 'application/json' } : {}),
    ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
  },
  ...(spec.body ? { body: spec.body } : {}),
});

export function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** autocannon's client: the place in its sequence of the request being answered (pipelining 1). */
interface SequencedClient {
  requestIterator?: { currentRequestIndex?: number };
}

export function runLoadJob(job: LoadJob): Promise<LoadResult> {
  let latencies = new Float64Array(Math.min(job.maxRequests, 1 << 20));
  let count = 0;
  const stepCount = Math.max(...job.sequences.map((sequence) => sequence.length));
  const byStep: number[][] = stepCount > 1 ? Array.from({ length: stepCount }, () => []) : [];
  const statuses: Record<string, number> = {};
  const errors: Record<string, number> = {};
  let connection = 0;
  let nextToken = 0;
  const tokens = job.rotateTokens;
  const started = performance.now();
  let finish: (error: unknown, result: autocannon.Result) => void = () => {};
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    finish = (error, result) =>
      error ? reject(new Error('autocannon failed', { cause: error })) : resolve(result);
  });
  const instance = autocannon(
    {
      url: job.baseUrl,
      connections: job.connections,
      duration: job.durationSeconds,
      maxOverallRequests: job.maxRequests,
      timeout: 10,
      requests: [toRequest(job.sequences[0]![0]!, job.acceptEncoding)],
      setupClient(client) {
        const sequence = job.sequences[connection++ % job.sequences.length]!;
        client.setRequests(
          sequence.map((spec) => ({
            ...toRequest(spec, job.acceptEncoding),
            ...(tokens
              ? {
                  setupRequest: (request: autocannon.Request) => ({
                    ...request,
                    headers: {
                      ...request.headers,
                      authorization: `Bearer ${tokens[nextToken++ % tokens.length]}`,
                    },
                  }),
                }
              : {}),
          })),
        );
      },
    },
    (error, result) => finish(error, result),
  );
  instance.on('response', (client, statusCode: number, _bytes, responseTime: number) => {
    if (count === latencies.length) {
      const grown = new Float64Array(latencies.length * 2);
      grown.set(latencies);
      latencies = grown;
    }
    latencies[count++] = responseTime;
    // 'response' comes before the client moves on to its next request, so the index is this answer's.
    byStep[(client as SequencedClient).requestIterator?.currentRequestIndex ?? 0]?.push(responseTime);
    statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
  });
  instance.on('reqError', (error: NodeJS.ErrnoException) => {
    const kind = error.code ?? error.message;
    errors[kind] = (errors[kind] ?? 0) + 1;
  });
  return done.then((result) => ({
    ...summarise(result, latencies.subarray(0, count), statuses, errors, started),
    steps: byStep.map((step) => {
      const sorted = Float64Array.from(step).sort();
      const at = (p: number) => percentile(sorted, p);
      return { requests: sorted.length, p50: at(50), p95: at(95), p99: at(99) };
    }),
  }));
}

function summarise(
  result: autocannon.Result,
  latencies: Float64Array,
  statuses: Record<string, number>,
  errors: Record<string, number>,
  started: number,
): Omit<LoadResult, 'steps'> {
  const count = latencies.length;
  const seconds = (performance.now() - started) / 1000;
  const sorted = latencies.sort();
  const non2xx = Object.entries(statuses)
    .filter(([status]) => !status.startsWith('2'))
    .reduce((sum, [, n]) => sum + n, 0);
  return {
    requests: count,
    seconds,
    perSecond: count / seconds,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1] ?? 0,
    failures: non2xx + result.errors, // autocannon counts timeouts among errors
    statuses,
    errors,
  };
}
