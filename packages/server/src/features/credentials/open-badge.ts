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
 * design) and identified by their ORCID iD when they have one.
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
    validFrom: facts.issuedAt.toISOString(),
    credentialSubject: {
      type: ['AchievementSubject'],
      ...(facts.learnerOrcid ? { id: `https://orcid.org/${facts.learnerOrcid}` } : {}),
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
