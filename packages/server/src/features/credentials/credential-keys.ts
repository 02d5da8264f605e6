import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { calculateJwkThumbprint, exportJWK, type JWK } from 'jose';
import { API_PREFIX } from '@app/shared';
import { certificateVerificationPage } from '../certificates/certificates.service.ts';

export const CREDENTIAL_ALG = 'EdDSA';

/** The issuer's Ed25519 key pair and how the public half is published. */
export interface CredentialKeys {
  privateKey: KeyObject;
  /**
   * Public JWK as listed in the JWKS. Its `kid` is the URL of this JWK alone (OB 3.0 asks for a `kid`
   * that dereferences to the key), the same `kid` that the credentials' JOSE header names.
   */
  publicJwk: JWK & { kid: string };
  /** RFC 7638 thumbprint: the last segment of the key URL. */
  thumbprint: string;
}

/**
 * Loads the signing key (CREDENTIAL_SIGNING_KEY, or the one generated into DATA_DIR). Its URL ends
 * with the key's thumbprint, so the same key always has the same id and a replaced key gets a new one.
 */
export async function loadCredentialKeys(pem: string, appUrl: string): Promise<CredentialKeys> {
  const privateKey = createPrivateKey(pem);
  const jwk = await exportJWK(createPublicKey(privateKey));
  const thumbprint = await calculateJwkThumbprint(jwk);
  const kid = credentialUrls(appUrl).key(thumbprint);
  return { privateKey, publicJwk: { ...jwk, kid, alg: CREDENTIAL_ALG, use: 'sig' }, thumbprint };
}

/** Every public address of the credential feature, so ids inside credentials match the routes. */
export function credentialUrls(appUrl: string) {
  const api = `${appUrl}${API_PREFIX}`;
  return {
    issuer: `${api}/credentials/issuer`,
    jwks: `${api}/credentials/jwks`,
    key: (kid: string) => `${api}/credentials/keys/${kid}`,
    credential: (certificateId: string) => `${api}/certificates/${certificateId}/credential`,
    /** The page people open: the web app's verification page (also in the PDF's QR code). */
    verificationPage: (certificateId: string) => certificateVerificationPage(appUrl, certificateId),
    coursePage: (courseId: string) => `${appUrl}/courses/${courseId}`,
  };
}
