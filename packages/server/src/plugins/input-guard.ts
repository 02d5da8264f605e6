import type { FastifyInstance } from 'fastify';
import { rejectUnusableInput } from '../lib/errors.ts';

/**
 * Checks that apply to every route's parsed input before its schema runs. Registered on the root
 * instance before any route, so no route can forget them.
 */
export function registerInputGuard(app: FastifyInstance) {
  acceptEmptyJsonBodies(app);
  // Every body the API reads is JSON or a multipart form. Fastify also parses text/plain by default,
  // which reached the schemas as one string ("wrong type" on the whole body) instead of the 415 any
  // other type gets.
  app.removeContentTypeParser('text/plain');
  app.addHook('preValidation', async (request) => {
    rejectUnusableInput(request.params);
    rejectUnusableInput(request.query);
    rejectUnusableInput(request.body);
  });
}

/**
 * A JSON content type with nothing after it is a request without a body, as the original API
 * (`express.json()`) read it: many HTTP clients label every POST `application/json`, and an enrolment
 * or a sign-out sent that way was refused as "not valid JSON". A route that needs a body still says
 * which fields are missing; anything else in the body is parsed as before (poisoned keys refused).
 */
function acceptEmptyJsonBodies(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body.length === 0) done(null, undefined);
    else void parseJson(request, body as string, done); // callback style: answers through `done`
  });
}
