import { Ajv2019 } from 'ajv/dist/2019.js';
import addFormatsPlugin from 'ajv-formats';
import {
  CompactSign,
  SignJWT,
  createLocalJWKSet,
  decodeJwt,
  decodeProtectedHeader,
  jwtVerify,
  type JWK,
} from 'jose';
import { createPrivateKey, generateKeyPairSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS, type CredentialVerification } from '@app/shared';
import { certificates, courses } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { buildApp } from '../../app.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import type { OpenBadgeCredential } from './open-badge.ts';

/** The credential with the optional subject id spelled out, and the VC-JWT's registered claims. */
type Credential = OpenBadgeCredential & {
  credentialSubject: { id?: string };
  nbf?: number;
};

/** The 1EdTech schema shipped in the repository (see its $comment for where it comes from). */
const schema = JSON.parse(
  readFileSync(new URL('./schema/ob_v3p0_achievementcredential_schema.json', import.meta.url), 'utf8'),
) as object;

const APP = 'http://localhost:3000';
// ajv-formats is CommonJS with a default export object; under NodeNext the callable is `.default`.
const addFormats = addFormatsPlugin as unknown as typeof addFormatsPlugin.default;

let t: TestApp;
let learner: TestUser;
let certificateId: string;

beforeAll(async () => {
  t = await createTestApp();
  const author = await createUser(t, 'Contributor');
  learner = await createUser(t, 'EndUser', {
    firstname: 'Ada',
    lastname: 'Lovelace',
    orcid: '0000-0002-1825-0097',
  });
  const [course] = await t.db
    .insert(courses)
    .values({
      title: 'Open Data Basics',
      titleTr: 'أساسيات البيانات المفتوحة',
      description: 'Why and how to share research data.',
      descriptionTr: 'لماذا وكيف نشارك بيانات البحث.',
      author: 'Author',
      status: 'Approved',
      createdBy: author.id,
    })
    .returning({ id: courses.id });
  // Issuing rules (80 %, enrolment) have their own suite; here the certificate simply exists.
  const [certificate] = await t.db
    .insert(certificates)
    .values({ userId: learner.id, courseId: course!.id })
    .returning({ id: certificates.id });
  certificateId = certificate!.id;
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });
const verdictOf = async (credential: string) => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/credentials/verify',
    payload: { credential },
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ success: true; data: CredentialVerification }>().data;
};
const credentialJson = async () =>
  (await get(`/api/v1/certificates/${certificateId}/credential`)).json<Credential>();

async function signedCredential(id = certificateId): Promise<string> {
  const response = await get(`/api/v1/certificates/${id}/credential.jwt`);
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toContain('application/jwt');
  return response.body;
}

async function publishedKeys() {
  const response = await get('/api/v1/credentials/jwks');
  expect(response.statusCode).toBe(200);
  return response.json<{ keys: JWK[] }>();
}

describe('Open Badges 3.0 credential', () => {
  it('is an OpenBadgeCredential valid against the 1EdTech JSON schema (draft 2019-09)', async () => {
    const response = await get(`/api/v1/certificates/${certificateId}/credential`);
    expect(response.statusCode).toBe(200);
    const credential = response.json<Credential>();
    const ajv = new Ajv2019({ strict: false, allErrors: true });
    addFormats(ajv);
    const validate = ajv.compile(schema);
    expect(validate(credential), JSON.stringify(validate.errors)).toBe(true);

    expect(credential).toMatchObject({
      '@context': [
        'https://www.w3.org/ns/credentials/v2',
        'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json',
      ],
      id: `${APP}/api/v1/certificates/${certificateId}/credential`,
      type: ['VerifiableCredential', 'OpenBadgeCredential'],
      issuer: { id: `${APP}/api/v1/credentials/issuer`, type: ['Profile'], name: 'Open Science Courses' },
      credentialSubject: {
        type: ['AchievementSubject'],
        id: 'https://orcid.org/0000-0002-1825-0097',
        identifier: [{ identityType: 'name', hashed: false, identityHash: 'Ada Lovelace' }],
        achievement: {
          type: ['Achievement'],
          name: 'Open Data Basics\n\nأساسيات البيانات المفتوحة',
          description: 'Why and how to share research data.\n\nلماذا وكيف نشارك بيانات البحث.',
        },
      },
    });
    expect(credential.credentialSubject.achievement.criteria.narrative).toContain('80%');
    expect(new Date(credential.validFrom).getTime()).toBeLessThanOrEqual(Date.now());
    // The issuer profile is published at its id.
    const issuer = await get('/api/v1/credentials/issuer');
    expect(issuer.json()).toEqual(credential.issuer);
    // Public and the same for everyone: cacheable, unlike the API's other JSON (decision 077).
    expect(issuer.headers['cache-control']).toBe('public, max-age=300');
  });

  it('rejects what the schema forbids (the schema is not a pass-everything)', async () => {
    const credential = await credentialJson();
    const ajv = new Ajv2019({ strict: false });
    addFormats(ajv);
    const validate = ajv.compile(schema);
    const { validFrom: _dropped, ...withoutValidFrom } = credential;
    expect(validate(withoutValidFrom)).toBe(false);
    expect(validate({ ...credential, type: ['VerifiableCredential'] })).toBe(false);
    const noCriteria: { credentialSubject: { achievement: { criteria?: unknown } } } =
      structuredClone(credential);
    delete noCriteria.credentialSubject.achievement.criteria;
    expect(validate(noCriteria)).toBe(false);
  });

  it('is a VC-JWT whose signature verifies with the JWKS the app publishes; the JSON is its payload', async () => {
    const jwt = await signedCredential();
    const jwks = await publishedKeys();
    const header = decodeProtectedHeader(jwt);
    expect(header.alg).toBe('EdDSA');
    // The kid dereferences to the key, which is the one in the JWKS.
    const key = await get(new URL(header.kid!).pathname);
    expect(key.json()).toEqual(jwks.keys[0]);
    expect(jwks.keys[0]).not.toHaveProperty('d');

    const { payload } = await jwtVerify(jwt, createLocalJWKSet(jwks), { algorithms: ['EdDSA'] });
    const json = await credentialJson();
    expect(payload).toMatchObject(json);
    expect(payload.iss).toBe(json.issuer.id);
    expect(payload.jti).toBe(json.id);
    expect(payload.sub).toBe(json.credentialSubject.id);
    expect(payload.nbf).toBe(Math.floor(Date.parse(json.validFrom) / 1000));

    const verdict = await verdictOf(jwt);
    expect(verdict.valid).toBe(true);
    expect(verdict.reason).toBeNull();
    expect(verdict.certificate).toMatchObject({
      _id: certificateId,
      name: 'Ada Lovelace',
      orcid: '0000-0002-1825-0097',
    });
  });

  it('fails verification when any field of the signed credential is changed', async () => {
    const jwt = await signedCredential();
    const jwks = await publishedKeys();
    const [encodedHeader, encodedPayload, signature] = jwt.split('.') as [string, string, string];
    const original = JSON.parse(Buffer.from(encodedPayload, 'base64url').toString()) as Credential;
    const edits: [string, (credential: Credential) => void][] = [
      ['recipient name', (c) => (c.credentialSubject.identifier[0]!.identityHash = 'Mallory')],
      ['recipient ORCID', (c) => (c.credentialSubject.id = 'https://orcid.org/0000-0000-0000-0000')],
      ['course name', (c) => (c.credentialSubject.achievement.name = 'Advanced Physics')],
      ['criteria', (c) => (c.credentialSubject.achievement.criteria.narrative = 'Nothing')],
      ['issue date', (c) => (c.validFrom = '2020-01-01T00:00:00.000Z')],
      ['issuer name', (c) => (c.issuer.name = 'Another University')],
      ['credential id', (c) => (c.id = c.id.replace(/[0-9a-f]/, 'f'))],
      ['type', (c) => c.type.pop()],
      ['not-before claim', (c) => (c.nbf = (c.nbf ?? 0) - 1)],
    ];
    const keySet = createLocalJWKSet(jwks);
    for (const [field, edit] of edits) {
      const changed = structuredClone(original);
      edit(changed);
      const forged = `${encodedHeader}.${Buffer.from(JSON.stringify(changed)).toString('base64url')}.${signature}`;
      await expect(jwtVerify(forged, keySet), field).rejects.toThrow(/signature verification failed/);
      expect(await verdictOf(forged), field).toEqual({
        valid: false,
        reason: 'SIGNATURE_INVALID',
        certificate: null,
      });
    }
    // A flipped signature byte and plain garbage are invalid too, never a server error.
    const badSignature = `${encodedHeader}.${encodedPayload}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    expect((await verdictOf(badSignature)).valid).toBe(false);
    expect((await verdictOf('not a jwt')).reason).toBe('SIGNATURE_INVALID');
  });

  it('refuses a credential signed with another key, even with our kid', async () => {
    const jwt = await signedCredential();
    const [encodedHeader, encodedPayload] = jwt.split('.') as [string, string];
    const stranger = generateKeyPairSync('ed25519').privateKey;
    const forged = await new CompactSign(Buffer.from(encodedPayload, 'base64url'))
      .setProtectedHeader(decodeProtectedHeader(`${encodedHeader}.${encodedPayload}.x`) as { alg: string })
      .sign(stranger);
    expect((await verdictOf(forged)).reason).toBe('SIGNATURE_INVALID');
  });

  it('answers 404 for unknown certificates and keys, and 400 for an empty body', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await get(`/api/v1/certificates/${unknown}/credential`)).statusCode).toBe(404);
    expect((await get(`/api/v1/certificates/${unknown}/credential.jwt`)).statusCode).toBe(404);
    expect((await get('/api/v1/credentials/keys/nope')).statusCode).toBe(404);
    const empty = await t.app.inject({ method: 'POST', url: '/api/v1/credentials/verify', payload: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
  });
});

describe('what a verifier of OB 3.0 §8.2.6.1 requires (decision 103)', () => {
  /** A certificate of a new course for a new learner without an ORCID iD, issued when asked. */
  async function issue(issuedAt: Date, course: Partial<typeof courses.$inferInsert> = {}) {
    const author = await createUser(t, 'Contributor');
    const holder = await createUser(t, 'EndUser', { firstname: 'Grace', lastname: 'Hopper' });
    const [row] = await t.db
      .insert(courses)
      .values({
        title: 'Reproducible Research',
        description: 'Notebooks and data.',
        author: 'Author',
        status: 'Approved',
        createdBy: author.id,
        ...course,
      })
      .returning({ id: courses.id });
    const [certificate] = await t.db
      .insert(certificates)
      .values({ userId: holder.id, courseId: row!.id, issuedAt })
      .returning({ id: certificates.id });
    return certificate!.id;
  }
  const signer = () => createPrivateKey(t.app.env.CREDENTIAL_SIGNING_KEY);

  it('has a sub equal to the subject id, and an nbf equal to validFrom, for a learner without ORCID', async () => {
    const id = await issue(new Date('2026-01-02T03:04:05.678Z'));
    const jwt = await signedCredential(id);
    const payload = decodeJwt(jwt) as unknown as Credential & { sub?: string; nbf: number };
    expect(payload.validFrom).toBe('2026-01-02T03:04:05Z');
    expect(Date.parse(payload.validFrom)).toBe(payload.nbf * 1000);
    // An opaque id (UUID version 5) derived from the certificate: the same on every download.
    expect(payload.credentialSubject.id).toMatch(
      /^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(payload.sub).toBe(payload.credentialSubject.id);
    expect(decodeJwt(await signedCredential(id)).sub).toBe(payload.sub);
    expect(decodeJwt(await signedCredential()).sub).not.toBe(payload.sub);
    const ajv = new Ajv2019({ strict: false, allErrors: true });
    addFormats(ajv);
    const validate = ajv.compile(schema);
    expect(validate(payload), JSON.stringify(validate.errors)).toBe(true);
    expect((await verdictOf(jwt)).valid).toBe(true);
  });

  it("verifies the credential of a course at every field's maximum length", async () => {
    const long = (letter: string, length: number) => letter.repeat(length);
    const id = await issue(new Date(), {
      title: long('W', LIMITS.titleMax),
      titleTr: long('ع', LIMITS.titleMax),
      description: long('d', LIMITS.descriptionMax),
      descriptionTr: long('ع', LIMITS.descriptionMax),
    });
    const jwt = await signedCredential(id);
    expect(jwt.length).toBeGreaterThan(20_000);
    expect((await verdictOf(jwt)).valid).toBe(true);
  });

  it("takes a certificate stamped by a database clock minutes ahead of this instance's", async () => {
    const id = await issue(new Date(Date.now() + 2 * 60_000));
    expect((await verdictOf(await signedCredential(id))).valid).toBe(true);
  });

  it('keeps valid what was signed before: milliseconds in validFrom, no sub without ORCID', async () => {
    const id = await issue(new Date('2026-03-04T05:06:07.890Z'));
    const current = decodeJwt(await signedCredential(id)) as unknown as Credential & { sub?: string };
    const { sub: _sub, nbf: _nbf, ...signed } = current;
    // `undefined` is left out of the JSON: the subject as it was signed, without an id.
    const credential = { ...signed, credentialSubject: { ...signed.credentialSubject, id: undefined } };
    const kid = decodeProtectedHeader(await signedCredential(id)).kid!;
    const sign = (payload: object, claims: { sub?: string; nbf: number }) => {
      const jwt = new SignJWT({ ...payload })
        .setProtectedHeader({ alg: 'EdDSA', typ: 'JWT', kid })
        .setIssuer(credential.issuer.id)
        .setJti(credential.id)
        .setNotBefore(claims.nbf);
      if (claims.sub) jwt.setSubject(claims.sub);
      return jwt.sign(signer());
    };
    const old = { ...credential, validFrom: '2026-03-04T05:06:07.890Z' };
    expect((await verdictOf(await sign(old, { nbf: Date.parse('2026-03-04T05:06:07Z') / 1000 }))).valid).toBe(
      true,
    );
    // Signed by us but not mirrored: another subject in sub, or another time in nbf.
    const mirrorBroken = [
      await sign(current, { sub: 'https://orcid.org/0000-0000-0000-0000', nbf: current.nbf! }),
      await sign(current, { sub: current.sub, nbf: current.nbf! - 60 }),
    ];
    for (const jwt of mirrorBroken) expect((await verdictOf(jwt)).reason).toBe('NOT_OUR_CREDENTIAL');
  });
});

describe('a new signing key leaves earlier credentials verifiable (decision 108)', () => {
  it('publishes and verifies with every key that signed, as after a restore into a new folder', async () => {
    const earlier = await signedCredential();
    const earlierKid = decodeProtectedHeader(earlier).kid!;
    // The same database under a new key: a restore into an empty DATA_DIR generates one.
    const newPem = generateKeyPairSync('ed25519')
      .privateKey.export({ format: 'pem', type: 'pkcs8' })
      .toString();
    const restored = await buildApp({ env: { ...t.env, CREDENTIAL_SIGNING_KEY: newPem }, db: t.db });
    try {
      const ask = (method: 'GET' | 'POST', url: string, payload?: object) =>
        restored.inject({ method, url, ...(payload ? { payload } : {}) });
      const verdict = await ask('POST', '/api/v1/credentials/verify', { credential: earlier });
      expect(verdict.json()).toMatchObject({ data: { valid: true, reason: null } });

      const latest = (await ask('GET', `/api/v1/certificates/${certificateId}/credential.jwt`)).body;
      const latestKid = decodeProtectedHeader(latest).kid!;
      expect(latestKid).not.toBe(earlierKid);
      const jwks = (await ask('GET', '/api/v1/credentials/jwks')).json<{ keys: JWK[] }>();
      expect(jwks.keys.map((key) => key.kid)).toEqual([latestKid, earlierKid]);
      expect(jwks.keys.every((key) => !('d' in key))).toBe(true);
      // Each kid still dereferences to its key, on either instance.
      const earlierKey = await ask('GET', new URL(earlierKid).pathname);
      expect(earlierKey.statusCode).toBe(200);
      expect(earlierKey.json()).toEqual(jwks.keys[1]);
      expect((await get(new URL(latestKid).pathname)).json()).toEqual(jwks.keys[0]);
      // Both verify offline against the published set, as a wallet checks them.
      for (const jwt of [earlier, latest])
        await expect(
          jwtVerify(jwt, createLocalJWKSet(jwks), { algorithms: ['EdDSA'] }),
        ).resolves.toBeTruthy();
      expect((await verdictOf(latest)).valid).toBe(true);
    } finally {
      await restored.close();
    }
  });
});
