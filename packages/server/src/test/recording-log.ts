import type { FastifyBaseLogger } from 'fastify';

/** One call made to a recordingLog: the level, the fields and the message, as given. */
export interface RecordedLine {
  level: string;
  fields: Record<string, unknown>;
  message: string;
}

/**
 * A logger that keeps what it was told, for code given a logger directly (a job, a worker); an app's
 * own log is read with `logCapture()` (test-app.ts), which sees what pino writes.
 */
export function recordingLog(): { log: FastifyBaseLogger; lines: RecordedLine[] } {
  const lines: RecordedLine[] = [];
  // pino's two forms: (fields, message) and (message).
  const at =
    (level: string) =>
    (first: Record<string, unknown> | string, message?: string): void => {
      if (typeof first === 'string') lines.push({ level, fields: {}, message: first });
      else lines.push({ level, fields: first, message: message ?? '' });
    };
  const log = {
    warn: at('warn'),
    error: at('error'),
    debug: at('debug'),
    info: at('info'),
  } as unknown as FastifyBaseLogger;
  return { log, lines };
}
