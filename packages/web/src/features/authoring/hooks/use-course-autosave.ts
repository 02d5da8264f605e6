import { useCallback, useEffect, useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { DEFAULT_COURSE_LICENSE, type CourseDraft } from '@app/shared';
import { sameValues } from '../components/course-form/form-values.ts';
import { forgetQuestionDrafts } from '../components/course-form/question-draft.ts';
import { localStore } from '../../../lib/browser-storage.ts';

/** localStorage key of the unsaved form: `course-draft:new` or `course-draft:<course id>`. */
export const draftKey = (courseId: string | null) => `course-draft:${courseId ?? 'new'}`;

export const AUTOSAVE_DELAY_MS = 500;
/** While the author keeps editing without a pause, the draft is still written this often. */
export const AUTOSAVE_MAX_WAIT_MS = 2_000;

interface StoredDraft {
  /** Whose draft it is: another account on the same browser is never offered it. */
  userId: string | null;
  savedAt: string;
  /**
   * The saved course's `updatedAt` the changes were made on (null for a new course). Compared with the
   * course's version when the form opens, not with `savedAt`: this device's clock and the database's
   * need not agree. Drafts kept before it was stored have none.
   */
  version?: string | null;
  /**
   * Whether a course photo had been chosen: a file cannot be kept in browser storage, so restoring
   * tells the author to choose it again. Drafts kept before it was stored have none.
   */
  coverChosen?: boolean;
  values: CourseDraft;
}

/** A kept draft as offered: `outdated` when the saved course changed after its changes were made. */
export interface DraftOffer extends StoredDraft {
  outdated: boolean;
}

const looksLikeValues = (value: unknown): value is CourseDraft =>
  Boolean(value) &&
  typeof value === 'object' &&
  typeof (value as CourseDraft).title === 'string' &&
  Array.isArray((value as CourseDraft).coursesection);

export function readDraft(key: string, userId: string | null): StoredDraft | null {
  try {
    const raw = localStore.getItem(key);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<StoredDraft>;
    if (!looksLikeValues(parsed.values) || parsed.userId !== userId) return null;
    // A draft kept from before the licence existed gets the default one.
    const stored: Partial<Pick<CourseDraft, 'license'>> = parsed.values;
    const values = { ...parsed.values, license: stored.license ?? DEFAULT_COURSE_LICENSE };
    const version =
      typeof parsed.version === 'string' || parsed.version === null ? parsed.version : undefined;
    const coverChosen = typeof parsed.coverChosen === 'boolean' ? parsed.coverChosen : undefined;
    return { userId, savedAt: String(parsed.savedAt ?? ''), version, coverChosen, values };
  } catch {
    return null;
  }
}

/**
 * Whether the saved course changed after the draft's changes were made: its version differs from the
 * one they were made on. A draft kept before versions were stored falls back to comparing clocks.
 */
function isOutdated(draft: StoredDraft, version: string | null): boolean {
  if (version === null) return false; // a new course has no saved version
  if (draft.version !== undefined) return draft.version !== version;
  return new Date(version).getTime() > new Date(draft.savedAt).getTime();
}

function writeDraft(key: string, draft: StoredDraft) {
  try {
    localStore.setItem(key, JSON.stringify(draft));
  } catch {
    // Storage full (a blocked one is kept in memory, lib/browser-storage.ts): the form keeps working, only the safety net is missing.
  }
}

export interface CourseAutosave {
  /** A saved draft that differs from what the form opened with, waiting for Restore or Discard. */
  offer: DraftOffer | null;
  restore: () => void;
  discard: () => void;
  /** After a successful save: forget the draft. */
  clear: () => void;
  /** Whether the form differs from what it opened with, so its changes are (or are about to be) kept. */
  keeps: () => boolean;
  /**
   * Writes the form's changes now, if there are any and no restore offer is open, and says whether
   * there were any: another tab's save of the same course forgets the draft both keep under its key.
   */
  keepNow: () => boolean;
  /** Where the draft is kept (`draftKey`): the form's question drafts are kept under it too. */
  key: string;
  /** The form's course photo was chosen or removed (it lives beside the form's values, not in them). */
  noteCover: (chosen: boolean) => void;
}

/**
 * Nothing typed is lost: while the author edits, the form is written to localStorage (debounced), and
 * on the next open — after a reload, a failed submit, or a sign-in again after the session ended — the
 * author is offered to restore it. While that offer is open nothing is written, so the older draft is
 * not overwritten before the author decides.
 *
 * A write still waiting for the pause is done at once when the page goes away or out of sight
 * (`pagehide`, `visibilitychange`: a reload, a closed tab, a phone switching apps) and when the form
 * closes; and edits without a pause are written at least every AUTOSAVE_MAX_WAIT_MS, for a tab that
 * ends without either (a crash). A reload half a second after the last edit lost it, and every edit
 * since the author's last pause.
 */
export function useCourseAutosave<TOutput>({
  form,
  courseId,
  version,
  userId,
  initialValues,
  enabled,
}: {
  form: UseFormReturn<CourseDraft, unknown, TOutput>;
  courseId: string | null;
  /** The saved course's `updatedAt`; null for a new course. */
  version: string | null;
  userId: string | null;
  initialValues: CourseDraft;
  enabled: boolean;
}): CourseAutosave {
  const key = draftKey(courseId);
  const [offer, setOffer] = useState<DraftOffer | null>(() => {
    if (!enabled) return null;
    const saved = readDraft(key, userId);
    if (!saved || sameValues(saved.values, initialValues)) return null;
    return { ...saved, outdated: isOutdated(saved, version) };
  });
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  /** When the first edit not yet written was made (ms), while a write is pending. */
  const pendingSince = useRef(0);
  const initial = useRef(initialValues);
  const coverChosen = useRef(false);
  useEffect(() => {
    initial.current = initialValues;
  }, [initialValues]);
  // The version the form opened on is the one the author's changes are made on, even if the course
  // is fetched again while the form is open (the form keeps its values).
  const [base] = useState(version);

  const cancelPending = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  }, []);

  /** Writes the form as it is now (or forgets the draft when it is back to what it opened with). */
  const writeNow = useCallback(() => {
    cancelPending();
    const values = form.getValues();
    if (sameValues(values, initial.current)) localStore.removeItem(key);
    else
      writeDraft(key, {
        userId,
        savedAt: new Date().toISOString(),
        version: base,
        coverChosen: coverChosen.current,
        values,
      });
  }, [form, key, userId, base, cancelPending]);

  useEffect(() => {
    if (!enabled || offer) return undefined;
    const subscription = form.watch(() => {
      const now = Date.now();
      if (!timer.current) pendingSince.current = now;
      cancelPending();
      const wait = Math.min(AUTOSAVE_DELAY_MS, pendingSince.current + AUTOSAVE_MAX_WAIT_MS - now);
      timer.current = setTimeout(writeNow, Math.max(0, wait));
    });
    const writePending = () => {
      if (timer.current) writeNow();
    };
    const onHidden = () => {
      if (document.visibilityState === 'hidden') writePending();
    };
    window.addEventListener('pagehide', writePending);
    document.addEventListener('visibilitychange', onHidden);
    return () => {
      subscription.unsubscribe();
      window.removeEventListener('pagehide', writePending);
      document.removeEventListener('visibilitychange', onHidden);
      writePending(); // the form closes (or its draft key or author changes) within the debounce window
    };
  }, [enabled, offer, form, writeNow, cancelPending]);

  const restore = useCallback(() => {
    if (!offer) return;
    form.reset(offer.values, { keepDefaultValues: true });
    setOffer(null);
  }, [form, offer]);

  const discard = useCallback(() => {
    localStore.removeItem(key);
    forgetQuestionDrafts(key);
    setOffer(null);
  }, [key]);

  const clear = useCallback(() => {
    cancelPending();
    localStore.removeItem(key);
    forgetQuestionDrafts(key);
  }, [key, cancelPending]);

  const keeps = useCallback(() => !sameValues(form.getValues(), initial.current), [form]);

  // While the restore offer is open nothing is written (the older draft is not overwritten).
  const keepNow = useCallback(() => {
    const changed = keeps();
    if (changed && enabled && !offer) writeNow();
    return changed;
  }, [keeps, enabled, offer, writeNow]);

  // A kept draft says whether a photo was chosen; none is written for a photo alone (nothing to restore).
  const noteCover = useCallback(
    (chosen: boolean) => {
      if (coverChosen.current === chosen) return;
      coverChosen.current = chosen;
      keepNow();
    },
    [keepNow],
  );

  return { offer, restore, discard, clear, keeps, keepNow, key, noteCover };
}
