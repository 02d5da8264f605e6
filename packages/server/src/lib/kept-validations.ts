import type { FastifySchemaCompiler } from 'fastify';

/** Distinct inputs a route keeps validated per part: a search box's terms, a board's pages, ids. */
export const KEPT_VALIDATIONS_PER_ROUTE = 500;

/** The parts of a request read from its URL alone: small, and repeated from one request to the next. */
const URL_PARTS = new Set(['querystring', 'params']);

/**
 * A validator compiler that keeps, per route, what a query string's or a path's parameters validated
 * to, by their parsed value (decision 210): the hot lists are asked the same few `?limit=12` or ids again
 * and again, and validating them with zod cost 3–4 µs of each answer in the server (against one
 * `JSON.stringify` and a lookup). Exact because those schemas are pure functions of the strings: the
 * same input always gives the same value or the same refusal. Only what passed is kept; a refusal is
 * worked out again (it is rare, and its error is built per request). Bodies and headers are not kept:
 * large, varied and rarely sent twice alike. The map is emptied when it fills, so a client varying its
 * query string costs no memory past the bound, only the validation it saved the others.
 * Values are frozen: one object goes to every request that sent the same string.
 */
export function keepUrlValidations<S>(compile: FastifySchemaCompiler<S>): FastifySchemaCompiler<S> {
  return (route) => {
    const validate = compile(route);
    if (!URL_PARTS.has(route.httpPart ?? '')) return validate;
    const passed = new Map<string, { value: unknown }>();
    return (data: unknown) => {
      const key = JSON.stringify(data);
      const known = passed.get(key);
      if (known) return known;
      const result = validate(data);
      if (isPassed(result)) {
        if (passed.size >= KEPT_VALIDATIONS_PER_ROUTE) passed.clear();
        const kept = { value: freeze(result.value) };
        passed.set(key, kept);
        return kept;
      }
      return result;
    };
  };
}

/** A synchronous success (zod's compiler returns `{ value }` or `{ error }`, never a promise). */
function isPassed(result: unknown): result is { value: unknown } {
  return typeof result === 'object' && result !== null && !('error' in result) && 'value' in result;
}

function freeze<T>(value: T): T {
  return typeof value === 'object' && value !== null ? Object.freeze(value) : value;
}
