/**
 * One job of the bench's load generator (load-generator.ts runs it in a child process): keep-alive
 * connections, each sending its sequence of requests in a loop, one at a time, bounded by time and
 * by request count; it only ever talks to the URL it is given. Its own client rather than
 * autocannon's: autocannon decodes every answer's body into a string, which for the 20 kB catalogue
 * made the load generator, not the server, the limit on a 2-core machine (decision 068). This one
 * reads a status and a length and skips the body's bytes (`ResponseReader`).
 */
import { connect, type Socket } from 'node:net';
import { ResponseReader } from './http-reader.ts';

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
  /**
   * Other instances of the app beside `baseUrl`: connection i talks to `[baseUrl, ...otherUrls][i % n]`,
   * as a load balancer keeping each client on one.
   */
  otherUrls?: readonly string[];
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
  /** The failures without an answer, by kind (`ECONNREFUSED`, `ECONNRESET`, `request timed out`…). */
  errors: Record<string, number>;
  /**
   * With sequences of more than one request: the answers by place in the sequence (a learner's loop:
   * which step makes the tail).
   */
  steps: Latencies[];
}

/** No answer within this long counts as a failure ("request timed out") and the connection is replaced. */
const TIMEOUT_MS = 10_000;

/** A request as the bytes sent, with the job's headers (and, when tokens rotate, the given token). */
function requestBytes(spec: RequestSpec, host: string, acceptEncoding?: string, token = spec.token): Buffer {
  const body = spec.body === undefined ? undefined : Buffer.from(spec.body);
  const lines = [`${spec.method} ${spec.path} HTTP/1.1`, `host: ${host}`];
  if (token) lines.push(`authorization: Bearer ${token}`);
  if (acceptEncoding) lines.push(`accept-encoding: ${acceptEncoding}`);
  if (body) lines.push('content-type: application/json', `content-length: ${body.length}`);
  const head = Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1');
  return body ? Buffer.concat([head, body]) : head;
}

export function latencies(times: readonly number[]): Latencies {
  const sorted = Float64Array.from(times).sort();
  const at = (p: number) =>
    sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
  return { requests: sorted.length, p50: at(50), p95: at(95), p99: at(99), max: sorted.at(-1) ?? 0 };
}

export function runLoadJob(job: LoadJob): Promise<LoadResult> {
  const instances = [job.baseUrl, ...(job.otherUrls ?? [])].map((url) => new URL(url));
  // Response times by place in the connection's sequence; the whole run is all of them.
  const stepCount = Math.max(...job.sequences.map((sequence) => sequence.length));
  const byStep: number[][] = Array.from({ length: stepCount }, () => []);
  const statuses: Record<string, number> = {};
  const errors: Record<string, number> = {};
  const tokens = job.rotateTokens;
  let nextToken = 0;
  let sent = 0;
  let settled = 0;
  let stopped = false;
  const started = performance.now();
  let finish = () => {};
  const done = new Promise<void>((resolve) => (finish = resolve));

  const stop = () => {
    if (stopped) return;
    stopped = true;
    clearTimeout(deadline);
    clearInterval(watchdog);
    for (const connection of connections) connection.socket?.destroy();
    finish();
  };
  const deadline = setTimeout(stop, job.durationSeconds * 1000);
  /** Counts an answer or a failure of a request sent; ends the job when the last allowed one is in. */
  const settle = () => {
    if (++settled >= job.maxRequests) stop();
  };

  class Connection {
    socket: Socket | undefined;
    /** When the request in flight was sent (performance.now()), or undefined between requests. */
    sentAt: number | undefined;
    private step = 0;
    private readonly requests: Buffer[];

    constructor(
      private readonly sequence: RequestSpec[],
      private readonly server: URL,
    ) {
      this.requests = sequence.map((spec) => requestBytes(spec, server.host, job.acceptEncoding));
      this.open();
    }

    open() {
      if (stopped) return;
      const reader = new ResponseReader((status, closing) => this.answered(status, closing));
      const socket = connect({ host: this.server.hostname, port: Number(this.server.port), noDelay: true });
      this.socket = socket;
      let connected = false;
      // Events of a connection already replaced (its 'close' after its 'error') are not this one's.
      const fail = (kind: string) => this.socket === socket && this.fail(kind, connected);
      socket.on('connect', () => {
        connected = true;
        this.send();
      });
      socket.on('data', (chunk: Buffer) => {
        try {
          reader.push(chunk);
        } catch (error) {
          fail(error instanceof Error ? error.message : String(error));
        }
      });
      socket.on('error', (error: NodeJS.ErrnoException) => fail(error.code ?? error.message));
      socket.on('close', () => fail('connection closed'));
    }

    send() {
      if (stopped || sent >= job.maxRequests || this.socket?.readyState !== 'open') return;
      sent++;
      const spec = this.sequence[this.step]!;
      const bytes = tokens
        ? requestBytes(spec, this.server.host, job.acceptEncoding, tokens[nextToken++ % tokens.length])
        : this.requests[this.step]!;
      this.sentAt = performance.now();
      this.socket.write(bytes);
    }

    answered(status: number, closing: boolean) {
      if (stopped || this.sentAt === undefined) return;
      byStep[this.step]!.push(performance.now() - this.sentAt);
      statuses[status] = (statuses[status] ?? 0) + 1;
      this.sentAt = undefined;
      this.step = (this.step + 1) % this.sequence.length;
      settle();
      // The server ends this connection after that answer: the next request goes on a new one.
      if (closing) this.replace(0);
      else this.send();
    }

    /**
     * The connection failed. The request in flight, if any, counts as failed, once, and so does a
     * connection that never opened (a server that refuses them shows as failures, not as silence).
     * A new connection carries on: at once after a failed request, after a pause otherwise (a
     * server that refuses connections is not hammered in a loop).
     */
    fail(kind: string, connected: boolean) {
      if (stopped || !this.socket) return;
      const inFlight = this.sentAt !== undefined;
      if (inFlight || !connected) errors[kind] = (errors[kind] ?? 0) + 1;
      if (inFlight) {
        this.sentAt = undefined;
        this.step = (this.step + 1) % this.sequence.length;
        settle();
      }
      this.replace(inFlight ? 0 : 100);
    }

    /** Drops this connection and opens the next one after `pauseMs`. */
    private replace(pauseMs: number) {
      this.socket?.destroy();
      this.socket = undefined;
      setTimeout(() => this.open(), pauseMs);
    }
  }

  const connections = Array.from(
    { length: job.connections },
    (_, index) =>
      new Connection(job.sequences[index % job.sequences.length]!, instances[index % instances.length]!),
  );
  const watchdog = setInterval(() => {
    const now = performance.now();
    for (const connection of connections)
      if (connection.sentAt !== undefined && now - connection.sentAt > TIMEOUT_MS)
        connection.fail('request timed out', true);
  }, 1_000);

  return done.then(() => {
    const whole = latencies(byStep.flat());
    const seconds = (performance.now() - started) / 1000;
    const non2xx = Object.entries(statuses)
      .filter(([status]) => !status.startsWith('2'))
      .reduce((sum, [, n]) => sum + n, 0);
    const noAnswer = Object.values(errors).reduce((sum, n) => sum + n, 0);
    return {
      ...whole,
      seconds,
      perSecond: whole.requests / seconds,
      failures: non2xx + noAnswer,
      statuses,
      errors,
      steps: stepCount > 1 ? byStep.map(latencies) : [],
    };
  });
}
