import { sql } from 'drizzle-orm';
import { ORCID_PATTERN, orcidUrl } from '@app/shared';
import { courses, users } from '../db/schema.ts';
import { SafeHtml } from './html.ts';

/**
 * For public course pages: the ORCID iD of the course's contributor (`courses.created_by`), or null.
 * Use it as a column of a query over `courses`: `db.select({ …, authorOrcid: courseAuthorOrcid })`.
 * One indexed lookup per row (users' primary key); no extra round trip.
 */
export const courseAuthorOrcid = sql<
  string | null
>`(select ${users.orcid} from ${users} where ${users.id} = ${courses.createdBy})`;

/**
 * The iD as server-rendered HTML beside the contributor's name, linked to their ORCID record (ORCID's
 * display guidelines: the full https URL). Anything that is not a well-formed iD renders as nothing.
 */
export function orcidLinkHtml(orcid: string | null): SafeHtml {
  if (!orcid || !ORCID_PATTERN.test(orcid)) return new SafeHtml('');
  const url = orcidUrl(orcid); // digits, dashes and an X only: nothing to escape
  return new SafeHtml(
    `<a class="orcid" href="${url}" rel="author noopener" target="_blank"><bdi dir="ltr">${url}</bdi></a>`,
  );
}
