import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

describe('an API route asked with a method it does not answer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is 405 with Allow and the envelope, in the reader language', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/health?x=1',
      headers: { 'accept-language': 'ar' },
    });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('GET, HEAD');
    expect(response.json()).toEqual({
      success: false,
      code: 'METHOD_NOT_ALLOWED',
      message: 'لا يقبل هذا المسار في الواجهة البرمجية طلبات POST؛ يقبل GET, HEAD.',
    });
  });

  it('names every method of a route with parameters, whatever the id', async () => {
    const response = await t.app.inject({ method: 'DELETE', url: '/api/v1/course/some-id' });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('GET, HEAD, PATCH');
    expect(response.json<{ message: string }>().message).toBe(
      'This API route does not accept DELETE requests; it accepts GET, HEAD, PATCH.',
    );
  });

  it('leaves an address no method answers a 404, and pages and files as they were', async () => {
    for (const [method, url] of [
      ['POST', '/api/v1/nope'],
      ['GET', '/api/v1/course/a/b/c'],
      ['POST', '/dashboard'],
      ['DELETE', '/assets/app.js'],
    ] as const) {
      const response = await t.app.inject({ method, url });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.headers.allow, `${method} ${url}`).toBeUndefined();
    }
  });
});
