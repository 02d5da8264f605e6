/**
 * One autocannon job of the bench's load generator (load-generator.ts runs it in a child process):
 * bounded by time and by request count; it only ever talks to the URL it is given.
 */
import autocannon from 'autocannon';

export interface RequestSpec {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  /** Bearer token; omitted for the bare route. */
  token?: string;
  /** JSON body (POST, PUT). */
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

/** Some answers' count and response times (ms): percentiles and the slowest. */
export interface Latencies {
  requests: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export interface LoadResult extends Latencies {
  seconds: number;
  perSecond: number;
  /** Answers other than 2xx, connection errors and timeouts: any of them makes the figure suspect. */
  failures: number;
  statuses: Record<string, number>;
  /** The failures without an answer, by kind (`ECONNRESET`, `request timed out`…). */
  errors: Record<string, number>;
  /**
   * With sequences of more than one request: the answers by place in the sequence (a learner's loop:
   * which step makes the tail).
   */
  steps: Latencies[];
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

export function latencies(times: readonly number[]): Latencies {
  const sorted = Float64Array.from(times).sort();
  const at = (p: number) =>
    sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
  return { requests: sorted.length, p50: at(50), p95: at(95), p99: at(99), max: sorted.at(-1) ?? 0 };
}

/** autocannon's client: the place in its sequence of the request being answered (pipelining 1). */
interface SequencedClient {
  requestIterator?: { currentRequestIndex?: number };
}

export function runLoadJob(job: LoadJob): Promise<LoadResult> {
  // Response times by place in the connection's sequence; the whole run is all of them.
  const stepCount = Math.max(...job.sequences.map((sequence) => sequence.length));
  const byStep: number[][] = Array.from({ length: stepCount }, () => []);
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
    // 'response' comes before the client moves on to its next request, so the index is this answer's.
    byStep[(client as SequencedClient).requestIterator?.currentRequestIndex ?? 0]!.push(responseTime);
    statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
  });
  instance.on('reqError', (error: NodeJS.ErrnoException) => {
    const kind = error.code ?? error.message;
    errors[kind] = (errors[kind] ?? 0) + 1;
  });
  return done.then((result) => {
    const whole = latencies(byStep.flat());
    const seconds = (performance.now() - started) / 1000;
    const non2xx = Object.entries(statuses)
      .filter(([status]) => !status.startsWith('2'))
      .reduce((sum, [, n]) => sum + n, 0);
    return {
      ...whole,
      seconds,
      perSecond: whole.requests / seconds,
      failures: non2xx + result.errors, // autocannon counts timeouts among errors
      statuses,
      errors,
      steps: stepCount > 1 ? byStep.map(latencies) : [],
    };
  });
}
