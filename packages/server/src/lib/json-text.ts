import type { FastifyReply } from 'fastify';

/**
 * Sends a response already rendered as JSON text (or its UTF-8 bytes) from cached fragments (decision
 * 036). Fastify sends a string with a JSON content type, or a Buffer, as it is, so the route's response schema is NOT applied to it: the
 * fragments must have been encoded with the contract's schemas when they were cached (the tests parse
 * such answers with the route's schema, on a cache miss and on a hit).
 */
export function sendJsonText(reply: FastifyReply, json: string | Buffer): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}
