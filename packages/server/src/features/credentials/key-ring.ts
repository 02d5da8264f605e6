import { asc, eq } from 'drizzle-orm';
import type { JWK } from 'jose';
import { isDatabaseUnavailable } from '../../db/availability.ts';
import type { Db } from '../../db/client.ts';
import { credentialKeys } from '../../db/schema.ts';
import type { CredentialKeys } from './credential-keys.ts';

type PublicJwk = JWK & { kid: string };

/**
 * The public keys that verify our credentials (decision 108): the one this instance signs with, and
 * every one that signed before — after a restore into a new folder, a rotated
 * CREDENTIAL_SIGNING_KEY, or another instance's key. The signing key's public half is recorded before
 * its first signature, so no credential names a key the database does not keep.
 */
export function keyRing(db: Db, keys: CredentialKeys) {
  let recorded: Promise<void> | null = null;

  /** Records the signing key once per process; tried again after a failure (the database away). */
  function recordSigningKey(): Promise<void> {
    recorded ??= db
      .insert(credentialKeys)
      .values({ thumbprint: keys.thumbprint, jwk: keys.publicJwk })
      .onConflictDoNothing()
      .then(
        () => undefined,
        (error: unknown) => {
          recorded = null;
          throw error;
        },
      );
    return recorded;
  }

  /**
   * The keys as last read, by thumbprint, for while the database is away (decision 159): a verifier
   * elsewhere checks our credentials' signatures with them and needs nothing else of ours. Only a
   * fallback: read from the table whenever it answers, so a key an operator retired (decision 108) is
   * not published again. The whole set only once the table has been read whole: a part of it would
   * make the credentials of a missing key look forged.
   */
  const lastRead = new Map<string, PublicJwk>();
  let readWhole = false;

  /** `read()`, or while the database is away what `kept()` still knows; else the database's error. */
  async function orKept<T>(read: () => Promise<T>, kept: () => T | undefined): Promise<T> {
    try {
      return await read();
    } catch (error) {
      const known = isDatabaseUnavailable(error) ? kept() : undefined;
      if (known === undefined) throw error;
      return known;
    }
  }

  /** Every key, the signing key first (also before it is recorded), then the others oldest first. */
  async function published(): Promise<PublicJwk[]> {
    const stored = await orKept(
      async () => {
        const rows = await db
          .select({ thumbprint: credentialKeys.thumbprint, jwk: credentialKeys.jwk })
          .from(credentialKeys)
          .orderBy(asc(credentialKeys.createdAt));
        lastRead.clear();
        for (const row of rows) lastRead.set(row.thumbprint, row.jwk as PublicJwk);
        readWhole = true;
        return [...lastRead.values()];
      },
      () => (readWhole ? [...lastRead.values()] : undefined),
    );
    return [keys.publicJwk, ...stored.filter((jwk) => jwk.kid !== keys.publicJwk.kid)];
  }

  /** The key with this thumbprint, or null. */
  async function find(thumbprint: string): Promise<PublicJwk | null> {
    if (thumbprint === keys.thumbprint) return keys.publicJwk;
    return orKept(
      async () => {
        const [row] = await db
          .select({ jwk: credentialKeys.jwk })
          .from(credentialKeys)
          .where(eq(credentialKeys.thumbprint, thumbprint));
        const jwk = (row?.jwk as PublicJwk | undefined) ?? null;
        if (jwk) lastRead.set(thumbprint, jwk);
        else lastRead.delete(thumbprint);
        return jwk;
      },
      // A key not read before is not known to be missing: still the database's 503, not a 404.
      () => lastRead.get(thumbprint),
    );
  }

  return { recordSigningKey, published, find };
}
