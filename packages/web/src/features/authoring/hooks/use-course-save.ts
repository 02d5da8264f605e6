import { useRef, useState, type BaseSyntheticEvent, type RefObject } from 'react';
import type { FieldPath, UseFormReturn } from 'react-hook-form';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import type { Course, CourseDraft, CourseInput, ErrorCode } from '@app/shared';
import { ApiError } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/toast.ts';
import { newCreationKey, useCreateCourse } from '../api/create-course.ts';
import { useUpdateCourse } from '../api/update-course.ts';
import { useFocusOnRefusedSave } from '../components/course-form/refused-save-focus.ts';
import { COVER_REFUSALS, COVER_TOAST } from '../components/course-form/cover-refusals.ts';
import { courseKeys } from '../api/query-keys.ts';

/** The tries of one creation: its key, and what its first try sent (decision 154). */
interface CreationTries {
  key: string;
  /** The first try's course, as sent, and its cover. */
  text: string;
  cover: File;
  /** A later try sent another course (content or status) than the first. */
  newText: boolean;
  /** A later try sent another cover than the first. */
  newCover: boolean;
}

/** Refusals that mean the course on this device is older than the server's. */
const STALE_COURSE: readonly (ErrorCode | 'NETWORK')[] = [
  'EDITING_LOCKED',
  'COURSE_CHANGED',
  'INVALID_TRANSITION',
];

/**
 * The server's refusals of the cover a save sent, said as the cover field says them on selection. A
 * course's save has no other file: each of these is about its cover.
 */
const SERVER_COVER_REFUSALS: Partial<Record<ErrorCode | 'NETWORK', MessageDescriptor>> = {
  UNSUPPORTED_FILE_TYPE: COVER_REFUSALS.wrongType,
  FILE_TOO_LARGE: COVER_REFUSALS.tooLarge,
  FILE_REQUIRED: COVER_REFUSALS.missing,
};

/** What a save button asks for: a new course (Pending) or a draft, or an edit, or Draft → Pending. */
export type SaveIntent = 'create' | 'draft' | 'update' | 'submit';

export interface CourseSave {
  /** The cover chosen in this form (required for a new course, optional when editing). */
  cover: File | null;
  setCover: (file: File | null) => void;
  coverError: string | undefined;
  /** Around the cover field, so a missing cover can be focused. */
  coverRef: RefObject<HTMLDivElement | null>;
  /** The save in flight, if any (its button spins, the others wait). */
  pending: SaveIntent | null;
  /** A submit handler for one intent: validates, then sends the course and its cover. */
  save: (intent: SaveIntent) => (event?: BaseSyntheticEvent) => Promise<void>;
}

/**
 * The save rules of the course form (description §5, §6): the draft is checked by the shared schema
 * (its output is the API's `CourseInput`), a new course needs a cover, the intent picks the status
 * asked for, and the server's answer lands where it belongs — field errors on their fields, a lock on
 * the form, anything else in a toast.
 */
export function useCourseSave({
  course,
  form,
  uploading,
  keepChanges,
  onLocked,
  onSaved,
}: {
  course: Course | null;
  form: UseFormReturn<CourseDraft, unknown, CourseInput>;
  /** A file of the form is still uploading: its address is not in the values yet. */
  uploading: boolean;
  /**
   * Keeps the form's changes on this device now (the autosave's draft, to be offered again) and says
   * whether there were any.
   */
  keepChanges: () => boolean;
  /** The server says an administrator has disabled editing meanwhile. */
  onLocked: () => void;
  /** After a successful save (the toast is shown already). */
  onSaved: () => void;
}): CourseSave {
  const { t } = useLingui();
  const [cover, setCoverFile] = useState<File | null>(null);
  // What the last save found wrong with the cover (missing, or refused by the server), said when
  // shown, so a language switched since says it in the new language.
  const [coverProblem, setCoverProblem] = useState<MessageDescriptor | null>(null);
  const coverError = coverProblem ? t(coverProblem) : undefined;
  const coverRef = useRef<HTMLDivElement>(null);
  const [pending, setPending] = useState<SaveIntent | null>(null);
  const create = useCreateCourse();
  // One creation's key for all its tries (decision 153): a try after an answer that never came (a cut
  // connection, a 503 after the commit) finds the course made instead of making a second one.
  const creation = useRef<CreationTries | null>(null);
  const update = useUpdateCourse();
  const queryClient = useQueryClient();
  // The version the form was filled from: the changes are made on it, so a save names it even when
  // the course is fetched again while the form is open (a newer version there is another's save).
  const [openedOn] = useState(course?.version);

  const setCover = (file: File | null) => {
    setCoverFile(file);
    if (file) setCoverProblem(null);
  };
  const coverMissing = () => setCoverProblem(COVER_REFUSALS.missing);

  // What a save finds wrong with the cover, if anything, replaces what the save before found (a cover
  // the server refused when editing: the next save keeps the saved one).
  const onInvalid = () => {
    notify.error(t` Missing incomplete fields`);
    if (!course && !cover) coverMissing();
    else setCoverProblem(null);
  };
  // The cover's problem (a new course's missing cover, a cover the server refused) comes first when it
  // is above the first field to mend (the problems in reading order), or when it is all there is.
  useFocusOnRefusedSave(form.formState.submitCount, () =>
    coverProblem ? coverRef.current?.querySelector('input') : null,
  );

  const failed = (error: unknown, sentCover: boolean) => {
    if (error instanceof ApiError) {
      // A dead session is handled by the app (toast and sign-in again); the typed form stays saved here.
      if (error.endedSession) return;
      // The course on this device is older than the server's: the next open must fetch it again (not
      // now, which would refill the open form), or a reopened form would show it unlocked, or make
      // the author's next save refused again for the same version, or a draft deleted meanwhile offered
      // for review again (INVALID_TRANSITION).
      if (STALE_COURSE.includes(error.code))
        void queryClient.invalidateQueries({ queryKey: courseKeys.all, refetchType: 'none' });
      if (error.code === 'EDITING_LOCKED') {
        onLocked();
        notify.error(error.message);
        return;
      }
      // The server cannot know what this device kept: a save with nothing changed has nothing to restore.
      // Written again now: another tab's save of this course forgets the draft both keep (its key).
      if (error.code === 'COURSE_CHANGED') {
        notify.error(
          keepChanges()
            ? t`Someone else saved this course after you opened it, so your changes were not saved. They are kept on this device: open the course again to see the other changes, then restore yours.`
            : t`Someone else saved this course after you opened it. Open it again to see their changes.`,
        );
        return;
      }
      // The server read the cover's bytes and refused them (not a JPG or PNG, too large, empty): said on
      // the cover field, which takes the focus as a field refused on the form's side does
      // (`useFocusOnRefusedSave`). The file is dropped: the same bytes would be refused again.
      const coverRefusal = sentCover ? SERVER_COVER_REFUSALS[error.code] : undefined;
      if (coverRefusal) {
        setCoverFile(null);
        setCoverProblem(coverRefusal);
        notify.error(t(coverRefusal), { id: COVER_TOAST });
        return;
      }
      for (const field of error.fieldErrors)
        form.setError(field.path as FieldPath<CourseDraft>, { type: 'server', message: field.message });
      // Status 0: the server could not be reached, said as such ("Check your connection…").
      if (error.status < 500) {
        notify.error(error.message);
        return;
      }
    }
    notify.error(t`Request Failed`);
  };

  /**
   * A creation, tried again with the same key until it is answered. When the server answers the course
   * an earlier try made and the author changed the form (or the button) between the tries, what this
   * try says is saved on that course (decision 154): the author's last word is what they find.
   */
  const createOnce = async (payload: CourseInput, file: File): Promise<{ message: string }> => {
    const text = JSON.stringify(payload);
    const tries = (creation.current ??= {
      key: newCreationKey(),
      text,
      cover: file,
      newText: false,
      newCover: false,
    });
    tries.newText ||= text !== tries.text;
    tries.newCover ||= file !== tries.cover;
    const answer = await create.mutateAsync({ course: payload, cover: file, key: tries.key });
    if (!answer.data.replayed || !(tries.newText || tries.newCover)) return answer;
    const made = answer.data.course;
    // With the status this creation asks for (a creation without one is submitted): an earlier try's
    // draft is then submitted. Its message says what became of the course: updated, or submitted.
    return update.mutateAsync({
      courseId: made._id,
      course: { ...payload, status: payload.status ?? 'Pending' },
      cover: tries.newCover ? file : null,
      version: made.version,
    });
  };

  const save = (intent: SaveIntent) => {
    const submit = form.handleSubmit(async (parsed) => {
      const status = intent === 'draft' ? 'Draft' : intent === 'submit' ? 'Pending' : undefined;
      const payload: CourseInput = status ? { ...parsed, status } : parsed;
      setCoverProblem(null);
      let request: Promise<{ message: string }>;
      if (course)
        request = update.mutateAsync({
          courseId: course._id,
          course: payload,
          cover,
          version: openedOn ?? course.version,
        });
      else if (cover) request = createOnce(payload, cover);
      else {
        coverMissing();
        notify.error(t(COVER_REFUSALS.missing), { id: COVER_TOAST });
        return;
      }
      setPending(intent);
      try {
        const response = await request;
        creation.current = null; // made: another creation from this form is another course
        notify.success(response.message);
        onSaved();
      } catch (error) {
        failed(error, cover !== null);
      } finally {
        setPending(null);
      }
    }, onInvalid);
    return async (event?: BaseSyntheticEvent) => {
      // The save buttons wait for uploads and say so; a submit arriving any other way does nothing
      // either, rather than send the file the upload is replacing (decision 096).
      if (uploading) {
        event?.preventDefault();
        return;
      }
      await submit(event);
    };
  };

  return { cover, setCover, coverError, coverRef, pending, save };
}
