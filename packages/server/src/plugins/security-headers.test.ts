import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerSecurityHeaders } from './security-headers.ts';

async function server() {
  const app = Fastify();
  registerSecurityHeaders(app, {
    contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], upgradeInsecureRequests: null } },
    crossOriginEmbedderPolicy: false,
  });
  app.get('/plain', () => ({ ok: true }));
  app.get('/own', (_request, reply) => reply.header('x-frame-options', 'DENY').send({ ok: true }));
  await app.ready();
  return app;
}

describe('security headers (computed once, decision 039)', () => {
  it("sets helmet's headers with the given options on answers, 404s included", async () => {
    const app = await server();
    for (const url of ['/plain', '/missing']) {
      const { headers } = await app.inject({ url });
      expect(headers['content-security-policy']).toMatch(/^default-src 'self';base-uri 'self';/);
      expect(headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
      expect(headers).toMatchObject({
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'SAMEORIGIN',
        'strict-transport-security': 'max-age=31536000; includeSubDomains',
        'cross-origin-opener-policy': 'same-origin',
        'referrer-policy': 'no-referrer',
      });
      expect(headers['cross-origin-embedder-policy']).toBeUndefined();
    }
    await app.close();
  });

  it("lets a route's own header of the same name win", async () => {
    const app = await server();
    expect((await app.inject({ url: '/own' })).headers['x-frame-options']).toBe('DENY');
    await app.close();
  });
});
