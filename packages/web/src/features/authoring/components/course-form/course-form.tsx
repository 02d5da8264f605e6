import {
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type BaseSyntheticEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { FormProvider, useFieldArray } from 'react-hook-form';
import { Trans, useLingui } from '@lingui/react/macro';
import { FiLock, FiPlus } from 'react-icons/fi';
import { courseDraftSchema, type Course, type User } from '@app/shared';
import { endedTheSession } from '../../../../lib/api-client.ts';
import { notify } from '../../../../lib/toast.ts';
import { Button } from '../../../../components/ui/button.tsx';
import { TextField } from '../../../../components/ui/text-field.tsx';
import { useArchiveCourse } from '../../api/archive-course.ts';
import { useCourseAutosave } from '../../hooks/use-course-autosave.ts';
import { useCourseSave } from '../../hooks/use-course-save.ts';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog.tsx';
import { CourseName } from '../../../../components/course-name.tsx';
import { useTranslatedResolver, useValidatedForm } from '../../../../lib/validation-messages.ts';
import { BilingualField } from './bilingual-field.tsx';
import { disabledButtonsWithinLook, disabledLook } from './field-styles.ts';
import { LicenseField } from './license-field.tsx';
import { PendingUploads, usePendingUploads } from './pending-uploads.ts';
import { QuestionDraftScope } from './question-draft.ts';
import { CoverField } from './cover-field.tsx';
import { CourseMeta } from './course-meta.tsx';
import { ReviewNote } from '../review-note.tsx';
import { FormActions } from './form-actions.tsx';
import { courseToFormValues, emptyCourse, emptySection } from './form-values.ts';
import { addControl, focusAfterRemoval } from './focus-after-removal.ts';
import { focusMoveButton } from './move-buttons.tsx';
import { RestoreBanner, showOffer } from './restore-banner.tsx';
import { SectionFields } from './section-fields.tsx';

export interface CourseFormProps {
  /** The course being edited, or null for a new one. */
  course: Course | null;
  viewer: User;
  /** Where the form lives: its own page (h1) or the edit modal (the modal's title is the h2). */
  headingLevel: 1 | 2;
  /** Shown above the fields in page mode (back arrow and heading). */
  header?: ReactNode;
  /** After a successful save or delete: back one page, or close the modal. */
  onDone: () => void;
  /** Filled with what the modal that hosts the form asks of it before closing it. */
  handleRef?: RefObject<CourseFormHandle | null>;
}

/** What the edit modal asks of its form before closing it (decision 199). */
export interface CourseFormHandle {
  /**
   * Whether closing now would lose something: the form differs from what it opened with, or a course
   * photo was chosen (a file is never kept in the browser). While a kept draft is offered, the form
   * is still as it opened: the offer stays kept for the next opening.
   */
  changed: () => boolean;
  /** Forgets the form's kept draft (and its questions'), so the next opening offers nothing. */
  discard: () => void;
}

/**
 * The course form (description §2, §5, §6): new and edit, bilingual fields, sections and resources
 * with reordering, autosave, and the save rules — a SuperAdmin or a course with editing enabled can
 * save; otherwise the form is read-only and says why.
 */
export function CourseForm({ course, viewer, headingLevel, header, onDone, handleRef }: CourseFormProps) {
  const { t } = useLingui();
  const ids = useId();
  const initialValues = useMemo(() => (course ? courseToFormValues(course) : emptyCourse()), [course]);
  // The values are the shared course draft; what a valid draft resolves to is the API's `CourseInput`.
  const resolver = useTranslatedResolver(courseDraftSchema);
  const form = useValidatedForm(resolver, initialValues);
  const { register, control, formState } = form;
  const sections = useFieldArray({ control, name: 'coursesection' });

  const isSuperAdmin = viewer.role === 'SuperAdmin';
  const [locked, setLocked] = useState(() => Boolean(course && !isSuperAdmin && !course.enableEditing));
  const readOnly = locked;
  const autosave = useCourseAutosave({
    form,
    version: course?.updatedAt ?? null,
    courseId: course?._id ?? null,
    userId: viewer._id,
    initialValues,
    enabled: !readOnly,
  });

  const uploads = usePendingUploads();
  const {
    cover,
    setCover,
    coverError,
    coverRef,
    pending,
    save: saveForm,
  } = useCourseSave({
    course,
    form,
    uploading: uploads.uploading,
    keepChanges: autosave.keepNow,
    onLocked: () => setLocked(true),
    onSaved: () => {
      autosave.clear();
      onDone();
    },
  });
  // While the restore offer waits the form is locked and empty (or as the course was saved): a save
  // would refuse the empty form ("Missing incomplete fields"), or save the course without the kept
  // changes and forget them. The save buttons show the offer again instead, for the author to answer.
  const offerBanner = useRef<HTMLElement>(null);
  const save: typeof saveForm = (intent) =>
    autosave.offer
      ? (event?: BaseSyntheticEvent) => {
          event?.preventDefault();
          if (offerBanner.current) showOffer(offerBanner.current);
          return Promise.resolve();
        }
      : saveForm(intent);
  const { noteCover } = autosave;
  useEffect(() => {
    noteCover(cover !== null);
  }, [noteCover, cover]);
  const { keeps, clear } = autosave;
  useEffect(() => {
    if (!handleRef) return;
    handleRef.current = { changed: () => keeps() || cover !== null, discard: clear };
    return () => {
      handleRef.current = null;
    };
  }, [handleRef, keeps, clear, cover]);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const archive = useArchiveCourse();

  const Sub = headingLevel === 1 ? 'h2' : 'h3';
  const isOwner = course ? course.createdBy._id === viewer._id : true;

  const moveSection = (from: number, to: number) => {
    sections.move(from, to);
    setAnnouncement(t`Section ${from + 1} moved to position ${to + 1}`);
    focusMoveButton(`section-${to}`, to < from ? 'up' : 'down');
  };

  const removeSection = (index: number) => {
    sections.remove(index);
    // Focus lands on the next section's button of the same name: say what happened, as for a move.
    setAnnouncement(t`Section ${index + 1} deleted`);
    focusAfterRemoval('sections', index);
  };

  const deleteCourse = () => {
    if (!course) return;
    archive.mutate(course._id, {
      onSuccess: (response) => {
        setConfirmingDelete(false);
        autosave.clear();
        notify.success(response.message);
        onDone();
      },
      onError: (error) => {
        setConfirmingDelete(false);
        if (endedTheSession(error)) return;
        notify.error(t`Request failed`);
      },
    });
  };

  return (
    <FormProvider {...form}>
      <form
        noValidate
        onSubmit={(event) => void save(course ? 'update' : 'create')(event)}
        className="flex flex-col gap-6"
        aria-label={course ? t`Edit Course` : t`New Course`}
      >
        {header}
        {course ? <CourseMeta course={course} /> : null}
        {course?.review_note ? (
          <ReviewNote note={course.review_note} status={course.status} variant="form" />
        ) : null}

        {autosave.offer ? (
          <RestoreBanner
            savedAt={autosave.offer.savedAt}
            courseChangedAt={autosave.offer.outdated ? course?.updatedAt : undefined}
            mentionCover={autosave.offer.coverChosen ?? !course}
            onRestore={autosave.restore}
            onDiscard={autosave.discard}
            focusAfter={() => form.setFocus('title')}
            ref={offerBanner}
          />
        ) : null}

        {readOnly ? (
          <p
            role="status"
            className="flex items-start gap-2 rounded-md border border-gray-400 bg-gray-100 p-4 text-sm text-ink"
            data-testid="editing-locked"
          >
            <FiLock aria-hidden="true" className="mt-0.5 shrink-0" />
            <span>
              <Trans>
                Editing of this course is locked: an administrator has disabled editing. You can read it but
                not save changes.
              </Trans>
            </span>
          </p>
        ) : null}

        {/* While a kept draft waits for Restore or Discard nothing is autosaved (the draft would be
            overwritten before the author decides), so nothing can be typed either: it would be lost. */}
        <fieldset
          disabled={readOnly || autosave.offer !== null}
          className={`flex min-w-0 flex-col gap-6 ${disabledButtonsWithinLook}`}
        >
          <section aria-labelledby={`${ids}-details`} className="flex flex-col gap-4">
            <Sub id={`${ids}-details`} className="text-lg font-semibold text-ink">
              <Trans>Course details</Trans>
            </Sub>
            <BilingualField
              label={t`Course title`}
              english={register('title')}
              arabic={register('title_tr')}
              englishError={formState.errors.title?.message}
              arabicError={formState.errors.title_tr?.message}
            />
            <div className="md:w-1/2 md:pe-1.5">
              <TextField
                label={t`Author`}
                dir="auto"
                required
                autoComplete="name"
                className={disabledLook}
                error={formState.errors.author?.message}
                {...register('author')}
              />
            </div>
            <div ref={coverRef}>
              <CoverField
                file={cover}
                onFileChange={setCover}
                currentUrl={course?.preview_image ?? null}
                error={coverError}
                disabled={readOnly}
              />
            </div>
            <BilingualField
              label={t`Course description`}
              multiline
              english={register('description')}
              arabic={register('description_tr')}
              englishError={formState.errors.description?.message}
              arabicError={formState.errors.description_tr?.message}
            />
            <LicenseField field={register('license')} />
          </section>

          <section aria-labelledby={`${ids}-sections`} className="flex flex-col gap-4">
            <Sub id={`${ids}-sections`} className="text-lg font-semibold text-ink">
              <Trans>Sections</Trans>
            </Sub>
            {sections.fields.length === 0 ? (
              <p className="text-sm text-muted">
                <Trans>No sections yet. Add a section, then add its resources.</Trans>
              </p>
            ) : null}
            {/* The resources' PDF uploads report here, so the save buttons can wait for them. */}
            <PendingUploads value={uploads.value}>
              <QuestionDraftScope value={readOnly ? null : `${autosave.key}:${viewer._id}`}>
                {sections.fields.map((field, index) => (
                  <SectionFields
                    key={field.id}
                    index={index}
                    count={sections.fields.length}
                    readOnly={readOnly}
                    onMove={moveSection}
                    onRemove={() => removeSection(index)}
                    announce={setAnnouncement}
                  />
                ))}
              </QuestionDraftScope>
            </PendingUploads>
            {readOnly ? null : (
              <div>
                <Button
                  variant="secondary"
                  {...addControl('sections')}
                  onClick={() => sections.append(emptySection())}
                >
                  <FiPlus aria-hidden="true" />
                  <Trans>Add Section</Trans>
                </Button>
              </div>
            )}
          </section>
        </fieldset>

        <FormActions
          course={course}
          readOnly={readOnly}
          isOwner={isOwner}
          pending={pending}
          uploading={uploads.uploading}
          save={save}
          onDelete={() => setConfirmingDelete(true)}
        />
        <p aria-live="polite" className="sr-only">
          {announcement}
        </p>
      </form>
      {course ? (
        <ConfirmDialog
          open={confirmingDelete}
          onOpenChange={setConfirmingDelete}
          title={t`Delete this course?`}
          confirmLabel={t`Delete Course`}
          busy={archive.isPending}
          onConfirm={deleteCourse}
        >
          <DeleteConsequences course={course} byAdministrator={isSuperAdmin} />
        </ConfirmDialog>
      ) : null}
    </FormProvider>
  );
}

/**
 * What deleting (archiving) does, naming the course (a dialog over a long form, or over the
 * administrators' table, asked about "this course"), and said to whoever asks: an administrator
 * restores it themselves, and it comes back for review.
 */
function DeleteConsequences({ course, byAdministrator }: { course: Course; byAdministrator: boolean }) {
  const name = <CourseName course={course} />;
  return byAdministrator ? (
    <Trans>
      {name} is archived: learners no longer see it. Un-archive (status filter: Archived) brings it back: a
      draft as a draft, any other course for review.
    </Trans>
  ) : (
    <Trans>
      {name} is archived: learners no longer see it and it leaves your list. An administrator can restore it.
    </Trans>
  );
}
