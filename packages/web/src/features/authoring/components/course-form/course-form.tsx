import { useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { FormProvider, useFieldArray, type FieldPath, type Resolver } from 'react-hook-form';
import { Trans, useLingui } from '@lingui/react/macro';
import { FiLock, FiPlus, FiSend, FiTrash2 } from 'react-icons/fi';
import { courseInputSchema, type Course, type CourseInput, type User } from '@app/shared';
import { ApiError } from '../../../../lib/api-client.ts';
import { notify } from '../../../../lib/toast.ts';
import { formatDate, isoDate } from '../../../../lib/dates.ts';
import { pickLocalized } from '../../../../lib/localized.ts';
import { useLanguage } from '../../../../i18n/use-language.ts';
import { Button } from '../../../../components/ui/button.tsx';
import { TextField } from '../../../../components/ui/text-field.tsx';
import { StatusPill } from '../../../../components/ui/status-pill.tsx';
import { useCreateCourse } from '../../api/create-course.ts';
import { useUpdateCourse } from '../../api/update-course.ts';
import { useArchiveCourse } from '../../api/archive-course.ts';
import { useCourseAutosave } from '../../hooks/use-course-autosave.ts';
import { ConfirmDialog } from '../confirm-dialog.tsx';
import { useTranslatedResolver, useValidatedForm } from '../../../../lib/validation-messages.ts';
import { BilingualField } from './bilingual-field.tsx';
import { disabledLook } from './field-styles.ts';
import { LicenseField } from './license-field.tsx';
import { CoverField } from './cover-field.tsx';
import {
  courseToFormValues,
  emptyCourse,
  emptySection,
  toCoursePayload,
  type CourseFormValues,
} from './form-values.ts';
import { focusMoveButton } from './move-buttons.tsx';
import { RestoreBanner } from './restore-banner.tsx';
import { SectionFields } from './section-fields.tsx';

type Intent = 'create' | 'draft' | 'update' | 'submit';

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
}

/**
 * The course form (description §2, §5, §6): new and edit, bilingual fields, sections and resources
 * with reordering, autosave, and the save rules — a SuperAdmin or a course with editing enabled can
 * save; otherwise the form is read-only and says why.
 */
export function CourseForm({ course, viewer, headingLevel, header, onDone }: CourseFormProps) {
  const { t } = useLingui();
  const language = useLanguage();
  const ids = useId();
  const initialValues = useMemo(() => (course ? courseToFormValues(course) : emptyCourse()), [course]);
  // The shared schema validates the form's values as they are: each resource carries the fields of every
  // type and the schema keeps those of its type (its input is a union the form values cannot name).
  const resolver = useTranslatedResolver(courseInputSchema) as unknown as Resolver<
    CourseFormValues,
    unknown,
    CourseInput
  >;
  const form = useValidatedForm(resolver, initialValues);
  const { register, control, formState, setError } = form;
  const sections = useFieldArray({ control, name: 'coursesection' });

  const isSuperAdmin = viewer.role === 'SuperAdmin';
  const [locked, setLocked] = useState(() => Boolean(course && !isSuperAdmin && !course.enableEditing));
  const readOnly = locked;
  const autosave = useCourseAutosave({
    form,
    courseId: course?._id ?? null,
    userId: viewer._id,
    initialValues,
    enabled: !readOnly,
  });

  const [cover, setCover] = useState<File | null>(null);
  const [coverError, setCoverError] = useState<string | undefined>();
  const coverRef = useRef<HTMLDivElement>(null);
  const [pending, setPending] = useState<Intent | null>(null);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const create = useCreateCourse();
  const update = useUpdateCourse();
  const archive = useArchiveCourse();

  const Sub = headingLevel === 1 ? 'h2' : 'h3';
  const isOwner = course ? course.createdBy._id === viewer._id : true;

  const onInvalid = () => {
    notify.error(t` Missing incomplete fields`);
    if (!course && !cover) setCoverError(t`Add course preview image`);
  };

  const failed = (error: unknown) => {
    if (error instanceof ApiError) {
      // A dead session is handled by the app (toast and sign-in again); the typed form stays saved here.
      if (error.status === 401) return;
      if (error.code === 'EDITING_LOCKED') {
        setLocked(true);
        notify.error(error.message);
        return;
      }
      for (const field of error.fieldErrors)
        setError(field.path as FieldPath<CourseFormValues>, { type: 'server', message: field.message });
      if (error.status > 0 && error.status < 500) {
        notify.error(error.message);
        return;
      }
    }
    notify.error(t`Request Failed`);
  };

  const save = (intent: Intent) =>
    form.handleSubmit(async (parsed) => {
      const status = intent === 'draft' ? 'Draft' : intent === 'submit' ? 'Pending' : undefined;
      const payload = toCoursePayload(parsed, status);
      let request: Promise<{ message: string }>;
      if (course) request = update.mutateAsync({ courseId: course._id, course: payload, cover });
      else if (cover) request = create.mutateAsync({ course: payload, cover });
      else {
        const text = t`Add course preview image`;
        setCoverError(text);
        notify.error(text);
        coverRef.current?.querySelector('input')?.focus();
        return;
      }
      setPending(intent);
      try {
        const response = await request;
        autosave.clear();
        notify.success(response.message);
        onDone();
      } catch (error) {
        failed(error);
      } finally {
        setPending(null);
      }
    }, onInvalid);

  const moveSection = (from: number, to: number) => {
    sections.move(from, to);
    setAnnouncement(t`Section ${from + 1} moved to position ${to + 1}`);
    focusMoveButton(`section-${to}`, to < from ? 'up' : 'down');
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
        if (error instanceof ApiError && error.status === 401) return;
        notify.error(t`Request failed`);
      },
    });
  };

  const status = course ? pickLocalized(language, course.status, course.status_tr) : null;

  return (
    <FormProvider {...form}>
      <form
        noValidate
        onSubmit={(event) => void save(course ? 'update' : 'create')(event)}
        className="flex flex-col gap-6"
        aria-label={course ? t`Edit Course` : t`New Course`}
      >
        {header}
        {course ? (
          <div className="flex flex-wrap items-center gap-x-6 gap-y-2 text-sm text-muted">
            {status ? (
              <span className="inline-flex items-center gap-2">
                <Trans>Status:</Trans>
                <StatusPill
                  status={course.status}
                  board="contributor"
                  label={status.text}
                  lang={status.lang}
                />
              </span>
            ) : null}
            <span>
              <Trans>Created on</Trans>{' '}
              <time dateTime={isoDate(course.createdAt)}>
                {formatDate(course.createdAt, 'long', language)}
              </time>
            </span>
            <span>
              <Trans>Last updated</Trans>{' '}
              <time dateTime={isoDate(course.updatedAt)}>
                {formatDate(course.updatedAt, 'long', language)}
              </time>
            </span>
          </div>
        ) : null}

        {autosave.offer ? (
          <RestoreBanner
            savedAt={autosave.offer.savedAt}
            mentionCover={!course}
            onRestore={autosave.restore}
            onDiscard={autosave.discard}
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

        <fieldset disabled={readOnly} className="flex min-w-0 flex-col gap-6">
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
                onFileChange={(file) => {
                  setCover(file);
                  if (file) setCoverError(undefined);
                }}
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
            {sections.fields.map((field, index) => (
              <SectionFields
                key={field.id}
                index={index}
                count={sections.fields.length}
                readOnly={readOnly}
                onMove={moveSection}
                onRemove={() => sections.remove(index)}
                announce={setAnnouncement}
              />
            ))}
            {readOnly ? null : (
              <div>
                <Button variant="secondary" onClick={() => sections.append(emptySection())}>
                  <FiPlus aria-hidden="true" />
                  <Trans>Add Section</Trans>
                </Button>
              </div>
            )}
          </section>
        </fieldset>

        <div className="flex flex-wrap items-center gap-3 border-t border-gray-200 pt-4">
          {!course ? (
            <>
              <Button type="submit" loading={pending === 'create'} disabled={pending !== null}>
                <Trans>Add Course</Trans>
              </Button>
              <Button
                variant="secondary"
                loading={pending === 'draft'}
                disabled={pending !== null}
                onClick={(event) => void save('draft')(event)}
              >
                <Trans>Save as Draft</Trans>
              </Button>
            </>
          ) : (
            <>
              {readOnly ? null : (
                <Button type="submit" loading={pending === 'update'} disabled={pending !== null}>
                  <Trans>Edit Course</Trans>
                </Button>
              )}
              {!readOnly && course.status === 'Draft' && isOwner ? (
                <Button
                  variant="secondary"
                  loading={pending === 'submit'}
                  disabled={pending !== null}
                  onClick={(event) => void save('submit')(event)}
                >
                  <FiSend aria-hidden="true" className="rtl:-scale-x-100" />
                  <Trans>Submit for review</Trans>
                </Button>
              ) : null}
              {course.status !== 'Archived' ? (
                <Button
                  variant="danger"
                  className="ms-auto"
                  disabled={pending !== null}
                  onClick={() => setConfirmingDelete(true)}
                >
                  <FiTrash2 aria-hidden="true" />
                  <Trans>Delete Course</Trans>
                </Button>
              ) : null}
            </>
          )}
        </div>
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
          <Trans>
            The course is archived: learners no longer see it and it leaves your list. An administrator can
            restore it.
          </Trans>
        </ConfirmDialog>
      ) : null}
    </FormProvider>
  );
}
