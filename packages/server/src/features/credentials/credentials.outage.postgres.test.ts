import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credentialKeys } from '../../db/schema.ts';
import { createTestApp, openSecondInstance, type SecondInstance, type TestApp } from '../../test/test-app.ts';

/**
 * The published keys while PostgreSQL refuses connections (decision 159): a verifier elsewhere still
 * gets the keys that check our credentials' signatures. Only the PostgreSQL project runs it (the
 * outage is `whileAway`'s, as in db/database-outage.postgres.test.ts).
 */
describe('credential keys during a database outage', () => {
  let t: TestApp;
  let unread: SecondInstance;
  let earlierThumbprint: string;
  const unknownThumbprint = 'A'.repeat(43);

  beforeAll(async () => {
    t = await createTestApp();
    // An earlier key, as after a rotation or a restore (decision 108).
    const { publicKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
    const jwk = await exportJWK(publicKey);
    earlierThumbprint = await calculateJwkThumbprint(jwk);
    await t.db.insert(credentialKeys).values({
      thumbprint: earlierThumbprint,
      jwk: { ...jwk, kid: `${t.env.APP_URL}/api/v1/credentials/keys/${earlierThumbprint}`, alg: 'EdDSA' },
    });
    // Another instance, which reads no key before the outage.
    unread = await openSecondInstance(t);
  });
  afterAll(async () => {
    await unread.close();
    await t.close();
  });

  const get = (url: string, app = t.app) => app.inject({ method: 'GET', url: `/api/v1${url}` });
  const keyOf = (thumbprint: string) => `/credentials/keys/${thumbprint}`;

  it('publishes the keys last read, and answers 503 for what it has not read', async () => {
    const jwks = await get('/credentials/jwks');
    expect(jwks.statusCode).toBe(200);
    const published = jwks.json<{ keys: JWK[] }>().keys;
    expect(published).toHaveLength(2);
    const ownThumbprint = published[0]!.kid!.split('/').at(-1)!;
    const earlier = await get(keyOf(earlierThumbprint));
    expect(earlier.statusCode).toBe(200);

    await t.postgres!.whileAway(async () => {
      const during = await get('/credentials/jwks');
      expect(during.statusCode).toBe(200);
      expect(during.json()).toEqual(jwks.json());
      expect((await get(keyOf(earlierThumbprint))).json()).toEqual(earlier.json());
      expect((await get(keyOf(ownThumbprint))).statusCode).toBe(200);
      // Not known to be missing: the database might have it.
      const unknown = await get(keyOf(unknownThumbprint));
      expect(unknown.statusCode).toBe(503);
      expect(unknown.json()).toMatchObject({ success: false, code: 'DATABASE_UNAVAILABLE' });
      // An instance that has read nothing cannot tell which keys signed: 503, not its own key alone.
      const fresh = await get('/credentials/jwks', unread.app);
      expect(fresh.statusCode).toBe(503);
    });
    expect((await get(keyOf(unknownThumbprint))).statusCode).toBe(404);
  });

  it('publishes a retired key no longer once the database answers (the copy is only a fallback)', async () => {
    expect((await get('/credentials/jwks')).json<{ keys: JWK[] }>().keys).toHaveLength(2);
    await t.db.delete(credentialKeys).where(eq(credentialKeys.thumbprint, earlierThumbprint));
    expect((await get('/credentials/jwks')).json<{ keys: JWK[] }>().keys).toHaveLength(1);
    expect((await get(keyOf(earlierThumbprint))).statusCode).toBe(404);
    await t.postgres!.whileAway(async () => {
      expect((await get('/credentials/jwks')).json<{ keys: JWK[] }>().keys).toHaveLength(1);
      expect((await get(keyOf(earlierThumbprint))).statusCode).toBe(503);
    });
  });
});
