import { asc, eq } from 'drizzle-orm';
import type { JWK } from 'jose';
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

  /** Every key, the signing key first (also before it is recorded), then the others oldest first. */
  async function published(): Promise<PublicJwk[]> {
    const rows = await db
      .select({ jwk: credentialKeys.jwk })
      .from(credentialKeys)
      .orderBy(asc(credentialKeys.createdAt));
    const others = rows.map((row) => row.jwk as PublicJwk).filter((jwk) => jwk.kid !== keys.publicJwk.kid);
    return [keys.publicJwk, ...others];
  }

  /** The key with this thumbprint, or null. */
  async function find(thumbprint: string): Promise<PublicJwk | null> {
    if (thumbprint === keys.thumbprint) return keys.publicJwk;
    const [row] = await db
      .select({ jwk: credentialKeys.jwk })
      .from(credentialKeys)
      .where(eq(credentialKeys.thumbprint, thumbprint));
    return (row?.jwk as PublicJwk | undefined) ?? null;
  }

  return { recordSigningKey, published, find };
}
