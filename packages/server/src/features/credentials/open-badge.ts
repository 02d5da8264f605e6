import { createHash } from 'node:crypto';
import { CERTIFICATE_THRESHOLD } from '@app/shared';
import { credentialUrls } from './credential-keys.ts';

export const VC_V2_CONTEXT = 'https://www.w3.org/ns/credentials/v2';
export const OB_V3_CONTEXT = 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json';
export const ISSUER_NAME = 'Open Science Courses';

/** What a credential says, read from the certificate, its learner and its course. */
export interface CredentialFacts {
  certificateId: string;
  issuedAt: Date;
  learnerName: string;
  learnerOrcid: string | null;
  courseId: string;
  courseTitle: string;
  courseTitleTr: string | null;
  courseDescription: string;
  courseDescriptionTr: string | null;
}

export type OpenBadgeCredential = ReturnType<typeof openBadgeCredential>;

/** The issuer Profile: embedded in each credential and published at its own id. */
export function issuerProfile(appUrl: string) {
  return {
    id: credentialUrls(appUrl).issuer,
    type: ['Profile'],
    name: ISSUER_NAME,
    url: appUrl,
    description: 'A bilingual (English / Arabic) online course platform for an open-science community.',
  };
}

/**
 * The certificate as an Open Badges 3.0 OpenBadgeCredential (VC data model 2.0). Courses are written
 * in English with an optional Arabic translation; OB 3.0 text fields are single strings, so the
 * English text is the name and description (`inLanguage: en`) and the Arabic one follows it after a
 * line break when the course has it. The learner is named in plain text (the certificate is public by
 * design) and identified by their ORCID iD when they have one, else by an opaque id (`subjectId`).
 */
export function openBadgeCredential(facts: CredentialFacts, appUrl: string) {
  const urls = credentialUrls(appUrl);
  const both = (english: string, arabic: string | null) => (arabic ? `${english}\n\n${arabic}` : english);
  const criteria =
    `Completed the course “${facts.courseTitle}” with an overall quiz score of at least ` +
    `${CERTIFICATE_THRESHOLD}%.`;
  const criteriaAr = facts.courseTitleTr
    ? `أتمّ الدورة «${facts.courseTitleTr}» بنتيجة إجمالية في الاختبارات لا تقل عن ${CERTIFICATE_THRESHOLD}%.`
    : null;
  return {
    '@context': [VC_V2_CONTEXT, OB_V3_CONTEXT],
    id: urls.credential(facts.certificateId),
    type: ['VerifiableCredential', 'OpenBadgeCredential'],
    name: `Certificate of Completion: ${facts.courseTitle}`,
    issuer: issuerProfile(appUrl),
    // Whole seconds: the JWT's `nbf` is a NumericDate and OB 3.0 §8.2.6.1 has verifiers require it to
    // equal `validFrom` exactly.
    validFrom: new Date(Math.floor(facts.issuedAt.getTime() / 1000) * 1000)
      .toISOString()
      .replace('.000Z', 'Z'),
    credentialSubject: {
      type: ['AchievementSubject'],
      id: subjectId(facts),
      identifier: [
        { type: 'IdentityObject', identityType: 'name', hashed: false, identityHash: facts.learnerName },
      ],
      achievement: {
        id: urls.coursePage(facts.courseId),
        type: ['Achievement'],
        achievementType: 'Certificate',
        name: both(facts.courseTitle, facts.courseTitleTr),
        description: both(facts.courseDescription, facts.courseDescriptionTr),
        criteria: { narrative: both(criteria, criteriaAr) },
        // Only a single-language text can name its language.
        ...(facts.courseTitleTr || facts.courseDescriptionTr ? {} : { inLanguage: 'en' }),
        creator: issuerProfile(appUrl),
      },
    },
  };
}

/** Names the namespace of subject ids derived from certificates (a random UUID, fixed for good). */
const SUBJECT_NAMESPACE = Buffer.from('4f0c2a1e9b7d4c6a8e3f5b1d7a9c2e60', 'hex');

/**
 * The subject's id: their ORCID iD, or else an opaque `urn:uuid:` derived from the certificate (a
 * UUID version 5, RFC 9562). OB 3.0 §8.2.6.1 makes a verifier require the JWT's `sub` and its equality
 * with `credentialSubject.id`; an id per certificate says nothing about the learner and links none of
 * their certificates to another.
 */
function subjectId(facts: Pick<CredentialFacts, 'certificateId' | 'learnerOrcid'>): string {
  if (facts.learnerOrcid) return `https://orcid.org/${facts.learnerOrcid}`;
  const hash = createHash('sha1').update(SUBJECT_NAMESPACE).update(facts.certificateId).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `urn:uuid:${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
