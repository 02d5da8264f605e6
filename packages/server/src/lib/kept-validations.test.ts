import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import Fastify, { type FastifySchemaCompiler } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { KEPT_VALIDATIONS_PER_ROUTE, keepUrlValidations } from './kept-validations.ts';

/** Decision 210: a query string or path validated once per distinct value, on a real Fastify server. */
describe('keepUrlValidations', () => {
  const validated: Record<string, number> = { querystring: 0, params: 0, body: 0 };
  /** zod's own compiler, counting the validations it does per part of the request. */
  const counting: typeof validatorCompiler = (route) => {
    const validate = validatorCompiler(route);
    return (data: unknown) => {
      validated[route.httpPart ?? '']! += 1;
      return validate(data);
    };
  };
  const app = Fastify().withTypeProvider<ZodTypeProvider>();

  beforeAll(async () => {
    app.setValidatorCompiler(keepUrlValidations(counting as FastifySchemaCompiler<z.ZodType>));
    app.get(
      '/items/:id',
      {
        schema: {
          params: z.object({ id: z.uuid() }),
          querystring: z.object({
            limit: z.coerce.number().int().min(1).max(50).default(12),
            tag: z.union([z.string(), z.array(z.string())]).optional(),
          }),
        },
      },
      (request) => ({ query: request.query, frozen: Object.isFrozen(request.query), id: request.params.id }),
    );
    // Its own route, so that its map starts empty whatever the other tests left.
    app.get('/pages', { schema: { querystring: z.object({ n: z.string() }) } }, (request) => request.query);
    app.post('/items', { schema: { body: z.object({ name: z.string() }) } }, (request) => request.body);
    await app.ready();
  });
  afterAll(() => app.close());
  beforeEach(() => Object.keys(validated).forEach((part) => (validated[part] = 0)));

  const ID = '0b6f2c1e-7a51-4f43-9a51-1d2f9e0c4b11';
  const get = (url: string) => app.inject({ method: 'GET', url });
  const queryOf = async (url: string) => (await get(url)).json<{ query: Record<string, unknown> }>().query;

  it('validates a query string and a path once, and answers each request with the value', async () => {
    for (let i = 0; i < 3; i++) {
      const response = await get(`/items/${ID}?limit=5`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ query: { limit: 5 }, frozen: true, id: ID });
    }
    expect(validated).toEqual({ querystring: 1, params: 1, body: 0 });
    // Another value is its own entry, and a missing one still takes its default.
    expect(await queryOf(`/items/${ID}`)).toEqual({ limit: 12 });
    expect(validated.querystring).toBe(2);
  });

  it('keeps a repeated key apart from the same letters in one value', async () => {
    expect((await queryOf(`/items/${ID}?tag=a&tag=b`)).tag).toEqual(['a', 'b']);
    expect((await queryOf(`/items/${ID}?tag=a,b`)).tag).toBe('a,b');
    expect((await queryOf(`/items/${ID}?tag=a&tag=b`)).tag).toEqual(['a', 'b']);
    expect(validated.querystring).toBe(2);
  });

  it('works a refusal out again each time (nothing kept for it)', async () => {
    const otherId = '5d0c7f5a-3b2e-4c1d-8e9f-0a1b2c3d4e5f';
    for (let i = 0; i < 2; i++) {
      expect((await get(`/items/${otherId}?limit=500`)).statusCode).toBe(400);
      expect((await get('/items/not-an-id')).statusCode).toBe(400);
    }
    // The good id once; each refusal twice (a path refused is not followed by its query string).
    expect(validated).toEqual({ querystring: 2, params: 3, body: 0 });
  });

  it('validates every body anew', async () => {
    for (let i = 0; i < 2; i++) {
      const response = await app.inject({ method: 'POST', url: '/items', payload: { name: 'same' } });
      expect(response.json()).toEqual({ name: 'same' });
    }
    expect(validated.body).toBe(2);
  });

  it('keeps at most its bound, starting afresh when full', async () => {
    for (let n = 1; n <= KEPT_VALIDATIONS_PER_ROUTE; n++) await get(`/pages?n=${n}`);
    expect(validated.querystring).toBe(KEPT_VALIDATIONS_PER_ROUTE);
    expect((await get('/pages?n=1')).json()).toEqual({ n: '1' }); // still kept
    expect(validated.querystring).toBe(KEPT_VALIDATIONS_PER_ROUTE);
    await get('/pages?n=new'); // one past the bound empties the map
    await get('/pages?n=1');
    expect(validated.querystring).toBe(KEPT_VALIDATIONS_PER_ROUTE + 2);
  });
});
