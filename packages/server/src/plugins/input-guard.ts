import type { FastifyInstance } from 'fastify';
import { rejectUnusableInput } from '../lib/errors.ts';

/**
 * Checks that apply to every route's parsed input before its schema runs. Registered on the root
 * instance before any route, so no route can forget them.
 */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    rejectUnusableInput(request.params);
    rejectUnusableInput(request.query);
    rejectUnusableInput(request.body);
  });
}
