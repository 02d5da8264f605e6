import { SignJWT, createLocalJWKSet, errors, jwtVerify } from 'jose';
import type { Db } from '../../db/client.ts';
import {
  findCertificate,
  verifyCertificate,
  type CertificateRecord,
} from '../certificates/certificates.service.ts';
import { CREDENTIAL_ALG, credentialUrls, type CredentialKeys } from './credential-keys.ts';
import { keyRing } from './key-ring.ts';
import { openBadgeCredential, type OpenBadgeCredential } from './open-badge.ts';

/** How far ahead of this instance's clock a credential's `nbf` may be (seconds). */
const CLOCK_TOLERANCE_S = 300;

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

export type VerificationFailure = 'SIGNATURE_INVALID' | 'NOT_OUR_CREDENTIAL' | 'CERTIFICATE_NOT_FOUND';
export type Verification =
  { valid: true; record: CertificateRecord } | { valid: false; reason: VerificationFailure };

/**
 * Open Badges 3.0 credentials for issued certificates, signed as VC-JWTs (OB 3.0 §8.2: the JWT payload
 * is the credential itself, with `iss`, `jti`, `nbf` and `sub` mirroring its fields) with the issuer's
 * Ed25519 key. Nothing is stored: a credential is rebuilt and signed on request (Ed25519 signatures
 * are deterministic, so the same data gives the same JWT).
 */
export function credentialsService(db: Db, keys: CredentialKeys, appUrl: string) {
  const urls = credentialUrls(appUrl);
  const ring = keyRing(db, keys);

  async function credentialFor(certificateId: string): Promise<OpenBadgeCredential> {
    return credentialOf(await verifyCertificate(db, certificateId));
  }

  function credentialOf(record: CertificateRecord): OpenBadgeCredential {
    return openBadgeCredential(
      {
        certificateId: record.id,
        issuedAt: record.issuedAt,
        learnerName: record.name,
        learnerOrcid: record.orcid,
        courseId: record.courseId,
        courseTitle: record.courseTitle,
        courseTitleTr: record.courseTitleTr,
        courseDescription: record.courseDescription,
        courseDescriptionTr: record.courseDescriptionTr,
      },
      appUrl,
    );
  }

  async function sign(credential: OpenBadgeCredential): Promise<string> {
    await ring.recordSigningKey();
    return new SignJWT(credential)
      .setProtectedHeader({ alg: CREDENTIAL_ALG, typ: 'JWT', kid: keys.publicJwk.kid })
      .setIssuer(credential.issuer.id)
      .setJti(credential.id)
      .setSubject(credential.credentialSubject.id)
      .setNotBefore(Date.parse(credential.validFrom) / 1000) // whole seconds (open-badge.ts)
      .sign(keys.privateKey);
  }

  /**
   * Checks a VC-JWT: signed by our key, issued by us, naming a certificate that (still) exists. The
   * claims are compared with the credential inside, so a token cannot borrow another's identity.
   */
  async function verify(token: string): Promise<Verification> {
    let payload: Record<string, unknown>;
    const keySet = createLocalJWKSet({ keys: await ring.published() });
    try {
      // A certificate issued a moment ago is not "not yet valid" on an instance whose clock is behind
      // the database's (which stamps `issued_at`).
      ({ payload } = await jwtVerify(token, keySet, {
        algorithms: [CREDENTIAL_ALG],
        issuer: urls.issuer,
        clockTolerance: CLOCK_TOLERANCE_S,
      }));
    } catch (error) {
      if (error instanceof errors.JWTClaimValidationFailed)
        return { valid: false, reason: 'NOT_OUR_CREDENTIAL' };
      return { valid: false, reason: 'SIGNATURE_INVALID' };
    }
    const issuer = payload.issuer as { id?: unknown } | undefined;
    const subject = payload.credentialSubject as { id?: unknown } | undefined;
    const id = typeof payload.id === 'string' && payload.id === payload.jti ? payload.id : '';
    const certificateId = UUID.exec(id)?.[0] ?? '';
    // The registered claims mirror the credential (OB 3.0 §8.2.6.1). Credentials signed before
    // decision 103 stay valid: a `validFrom` with milliseconds, and no `sub` without an ORCID iD.
    const mirrored =
      subject?.id === payload.sub &&
      typeof payload.validFrom === 'string' &&
      typeof payload.nbf === 'number' &&
      Math.floor(Date.parse(payload.validFrom) / 1000) === payload.nbf;
    if (issuer?.id !== urls.issuer || !certificateId || id !== urls.credential(certificateId) || !mirrored)
      return { valid: false, reason: 'NOT_OUR_CREDENTIAL' };
    const record = await findCertificate(db, certificateId);
    if (!record) return { valid: false, reason: 'CERTIFICATE_NOT_FOUND' };
    return { valid: true, record };
  }

  return { credentialFor, credentialOf, sign, verify, publishedKeys: ring.published, findKey: ring.find };
}
