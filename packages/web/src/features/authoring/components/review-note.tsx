import { Trans } from '@lingui/react/macro';
import { FiCornerUpLeft } from 'react-icons/fi';
import type { CourseStatus, ReviewNote as Note } from '@app/shared';
import { formatDate, isoDate } from '../../../lib/dates.ts';
import { useLanguage } from '../../../i18n/use-language.ts';

/**
 * The note's own lines as written, each in its own direction (`unicode-bidi: plaintext`: a reviewer may
 * write an English line and an Arabic one, and each then starts on its own side), long words broken.
 */
const NOTE_TEXT = 'whitespace-pre-line [unicode-bidi:plaintext] [overflow-wrap:anywhere]';

/**
 * A returned course's note is a notice, amber as the Rejected pill (decision 206: it waits on the
 * author, it is not an error); the ink on it reads at well over 4.5:1.
 */
const RETURNED_BOX = 'border-[#b54708] bg-amber-50';

/**
 * The note an administrator sent the course back with (decision 206), as its owner reads it: on the
 * board's card of a Rejected course, cut to three lines (the card opens the form, where it is whole),
 * and at the top of the edit form whole, while the course is Rejected, submitted again after it
 * (Pending) or otherwise kept (the note stays until the next review decision; an administrator reads it
 * too). The note is the reviewer's own text: its line breaks kept, each line in its own direction.
 */
export function ReviewNote({
  note,
  status,
  variant,
}: {
  note: Note;
  status: CourseStatus;
  variant: 'card' | 'form';
}) {
  const language = useLanguage();
  const returned = status === 'Rejected';
  if (variant === 'card')
    return (
      <div className={`rounded-md border-s-4 px-3 py-2 text-sm ${RETURNED_BOX}`} data-testid="review-note">
        <p className="font-semibold text-ink">
          <Trans>Returned by the reviewer:</Trans>
        </p>
        <p className="text-ink">
          <span dir="auto" className={`line-clamp-3 ${NOTE_TEXT}`}>
            {note.reason}
          </span>
        </p>
      </div>
    );
  const date = <time dateTime={isoDate(note.at)}>{formatDate(note.at, 'long', language)}</time>;
  return (
    <div
      className={`flex items-start gap-2 rounded-md border p-4 text-sm text-ink ${
        returned ? RETURNED_BOX : 'border-gray-400 bg-gray-100'
      }`}
      data-testid="review-note"
    >
      <FiCornerUpLeft aria-hidden="true" className="mt-0.5 shrink-0 rtl:-scale-x-100" />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p className="font-semibold">
          {returned ? (
            <Trans>Returned by the reviewer on {date}:</Trans>
          ) : status === 'Pending' ? (
            <Trans>Submitted again. The reviewer’s note of {date}:</Trans>
          ) : (
            <Trans>The reviewer’s note of {date}:</Trans>
          )}
        </p>
        <p dir="auto" className={NOTE_TEXT}>
          {note.reason}
        </p>
        {returned ? (
          <p className="text-muted">
            <Trans>Make the changes it asks for, then press Submit for review.</Trans>
          </p>
        ) : null}
      </div>
    </div>
  );
}
