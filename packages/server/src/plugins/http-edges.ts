import { randomUUID } from 'node:crypto';
import { STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { DEFAULT_LANGUAGE, type ErrorCode, type ErrorEnvelope, type Language } from '@app/shared';
import { AppError } from '../lib/errors.ts';
import { common } from '../lib/common.messages.ts';
import { languageFromHeader, localize, type Localized } from '../lib/localize.ts';

/**
 * HTTP at the edge of what becomes a Fastify request. Node answers some requests itself — a bare 400
 * without a body, a 417, or a closed connection — outside the API's envelope; each case here is
 * answered in it instead, in the caller's language when its headers could be read.
 */

function envelope(lang: Language, code: ErrorCode, message: Localized): string {
  const body: ErrorEnvelope = { success: false, message: localize(lang, message), code };
  return JSON.stringify(body);
}

/**
 * An answer written to the socket itself (no request or response object exists), then the socket
 * closed. It names itself as any answer does (`X-Request-Id`, decision 136), by the id it is logged with.
 */
function answerOnSocket(socket: Duplex, status: number, json: string, id: string): void {
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(json)}\r\nX-Request-Id: ${id}\r\nConnection: close\r\n\r\n${json}`,
    );
  }
  socket.destroy();
}

/**
 * Sockets whose request Node answered here while Fastify was still reading it (a body that did not
 * arrive within REQUEST_TIMEOUT_MS), with the status sent: the error handler, which then sees the
 * aborted body, logs that status instead of the 400 it would have sent (`answeredAtEdge`).
 */
const answered = new WeakMap<object, { status: number; reason: string }>();

/**
 * Sockets with a request Fastify is handling (from its first hook until it is answered): its id, and
 * the language its headers asked for, which an answer at the edge then speaks too.
 */
const handling = new WeakMap<object, { id: string; lang: Language }>();

/**
 * Marks `socket` as carrying `request` while Fastify handles it; `undefined` once it is answered
 * (app.ts's first and last hooks).
 */
export function handlingRequestOn(
  socket: object | null | undefined,
  request: { id: string; lang: Language } | undefined,
): void {
  if (!socket) return;
  // The request itself, not a copy of its two fields: nothing is allocated per request for this.
  if (request) handling.set(socket, request);
  else handling.delete(socket);
}

/** The status and reason Node's edge sent on this request's socket, if it answered it there. */
export function answeredAtEdge(
  socket: object | null | undefined,
): { status: number; reason: string } | undefined {
  return socket ? answered.get(socket) : undefined;
}

/**
 * One info line per answer written here, since no request reaches Fastify's log: a new request id
 * (`reqId`, also sent as `X-Request-Id`: decision 136), the client's address, the status sent and
 * Node's reason (its error code). Never the request's bytes: they are the client's, possibly crafted
 * to forge log lines or carry what was meant to stay out of the log. Returns the id.
 */
function logEdgeAnswer(
  log: FastifyBaseLogger | undefined,
  socket: Duplex,
  status: number,
  reason: string,
): string {
  const reqId = randomUUID();
  log?.info(
    { reqId, remoteAddress: (socket as Partial<Socket>).remoteAddress, status, reason },
    'request answered at the HTTP edge',
  );
  return reqId;
}

/** Node's error code, if it is one (letters, digits, underscores): nothing else of the error is logged. */
const reasonOf = (error: { code?: unknown }) =>
  typeof error.code === 'string' && /^\w{1,64}$/.test(error.code) ? error.code : 'unknown';

/**
 * A request whose headers or body did not all arrive within REQUEST_TIMEOUT_MS (408): it was readable,
 * only slow, and `badRequest` ("malformed") told the client the wrong thing to fix.
 */
const requestTimeout: Localized = {
  en: 'The request took too long to arrive. Please try again.',
  ar: 'استغرق وصول الطلب وقتًا طويلًا. يرجى المحاولة مرة أخرى.',
};

/**
 * Fastify's `clientErrorHandler`: HTTP the server cannot parse at all (a broken request line or
 * header, headers over Node's size limit, a request that never finishes). Where Fastify was already
 * reading the request (its body came too slowly), the answer is in the language its headers asked
 * for; otherwise no Accept-Language could be read, and it is in English.
 */
export function answerClientError(
  this: { log?: FastifyBaseLogger } | undefined,
  error: Error & { code?: string },
  socket: Duplex,
): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? ([431, 'PAYLOAD_TOO_LARGE', common.payloadTooLarge] as const)
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? ([408, 'BAD_REQUEST', requestTimeout] as const)
        : ([400, 'BAD_REQUEST', common.badRequest] as const);
  const reason = reasonOf(error);
  // A request Fastify is reading is logged by its error handler (with its id and route), as this status.
  const request = handling.get(socket);
  if (request) answered.set(socket, { status, reason });
  const id = request?.id ?? logEdgeAnswer(this?.log, socket, status, reason);
  answerOnSocket(socket, status, envelope(request?.lang ?? DEFAULT_LANGUAGE, code, message), id);
}

/**
 * Fastify's `rewriteUrl`: a request target in absolute form (`GET http://host/api/v1/…`, which origin
 * servers must accept, RFC 9112 §3.2.2) is routed and answered as its path. It was routed all the same,
 * but every check of `request.url` for `/api/` missed it, so its errors came back as HTML pages.
 */
export function originForm(url: string): string {
  if (url.charCodeAt(0) === 0x2f) return url; // "/": the usual form, at the cost of one comparison
  const authority = /^[a-z][a-z\d+.-]*:\/\/[^/?#]*/i.exec(url);
  if (!authority) return url;
  const rest = url.slice(authority[0].length);
  return rest.startsWith('/') ? rest : `/${rest}`;
}

/**
 * An HTTP/1.1 request without `Host` is a 400 (RFC 9112 §3.2). Node's own check (`requireHostHeader`,
 * turned off in app.ts) answered it with no body; this one throws into the error handler, so the
 * answer is the envelope in the caller's language. Called from the first `onRequest` hook.
 */
export function requireHost(request: { headers: IncomingMessage['headers']; raw: IncomingMessage }): void {
  if (request.headers.host === undefined && request.raw.httpVersion === '1.1')
    throw new AppError(400, 'BAD_REQUEST', common.badRequest);
}

/** Answers what Node would otherwise answer bare (`Expect`) or not at all (`CONNECT`). */
export function registerHttpEdges(server: Server, log: FastifyBaseLogger): void {
  // `Expect` other than `100-continue` (RFC 9110 §10.1.1): Node's answer was a bare 417.
  server.on('checkExpectation', (request: IncomingMessage, response: ServerResponse) => {
    const json = envelope(
      languageFromHeader(request.headers['accept-language']),
      'BAD_REQUEST',
      common.badRequest,
    );
    const id = logEdgeAnswer(log, request.socket, 417, 'EXPECTATION_FAILED');
    response.writeHead(417, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(json),
      'x-request-id': id,
      connection: 'close',
    });
    response.end(json);
  });
  // `CONNECT` asks for a tunnel, which this server is not: without a listener Node closed the
  // connection with no answer at all.
  server.on('connect', (request: IncomingMessage, socket: Duplex) => {
    const lang = languageFromHeader(request.headers['accept-language']);
    const id = logEdgeAnswer(log, socket, 400, 'CONNECT');
    answerOnSocket(socket, 400, envelope(lang, 'BAD_REQUEST', common.badRequest), id);
  });
}
