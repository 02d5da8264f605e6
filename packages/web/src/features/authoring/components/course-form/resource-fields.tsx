import { Fragment, useId } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { Trans, useLingui } from '@lingui/react/macro';
import { FiTrash2 } from 'react-icons/fi';
import { toYouTubeEmbedUrl, type CourseDraft } from '@app/shared';
import { TextField } from '../../../../components/ui/text-field.tsx';
import { BilingualField } from './bilingual-field.tsx';
import { disabledLook } from './field-styles.ts';
import { itemControl } from './focus-after-removal.ts';
import { MoveButtons } from './move-buttons.tsx';
import { PdfField, useResourceUpload } from './pdf-field.tsx';
import { QuizQuestions } from './quiz-questions.tsx';

export interface ResourceFieldsProps {
  sectionIndex: number;
  resourceIndex: number;
  count: number;
  readOnly: boolean;
  onMove: (from: number, to: number) => void;
  onRemove: () => void;
}

/** One resource: type (video, pdf, quiz), title, description, then the type's own input. */
export function ResourceFields({
  sectionIndex,
  resourceIndex,
  count,
  readOnly,
  onMove,
  onRemove,
}: ResourceFieldsProps) {
  const { t } = useLingui();
  const typeId = useId();
  const { register, control, formState } = useFormContext<CourseDraft>();
  const base = `coursesection.${sectionIndex}.resources.${resourceIndex}` as const;
  const type = useWatch({ control, name: `${base}.type` });
  const link = useWatch({ control, name: `${base}.link` }) ?? '';
  const errors = formState.errors.coursesection?.[sectionIndex]?.resources?.[resourceIndex];
  const s = sectionIndex + 1;
  const n = resourceIndex + 1;
  const embed = type === 'video' ? toYouTubeEmbedUrl(link) : null;
  const moveId = `resource-${sectionIndex}-${resourceIndex}`;
  const upload = useResourceUpload(base);

  return (
    <fieldset
      className="flex min-w-0 flex-col gap-4 rounded-md border border-gray-300 bg-white p-3 sm:p-4"
      data-testid={`resource-${s}-${n}`}
    >
      <legend className="px-1 text-sm font-semibold text-ink">
        <Trans>
          Resource {n} of section {s}
        </Trans>
      </legend>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex min-w-40 flex-col gap-1">
          <label htmlFor={typeId} className="text-sm font-semibold text-ink">
            <Trans>Resource type</Trans>
          </label>
          <select
            id={typeId}
            className={`min-h-10 rounded-md border border-gray-400 bg-white px-3 py-2 text-ink focus:border-primary-dark focus:outline-none focus:ring-2 focus:ring-primary/30 ${disabledLook}`}
            {...register(`${base}.type`)}
          >
            <option value="video">{t`Video`}</option>
            <option value="pdf">{t`PDF`}</option>
            <option value="quiz">{t`Quiz`}</option>
          </select>
        </div>
        {readOnly ? null : (
          <div className="flex items-center gap-2">
            <MoveButtons
              moveId={moveId}
              upLabel={t`Move resource ${n} of section ${s} up`}
              downLabel={t`Move resource ${n} of section ${s} down`}
              canMoveUp={resourceIndex > 0}
              canMoveDown={resourceIndex < count - 1}
              onMoveUp={() => onMove(resourceIndex, resourceIndex - 1)}
              onMoveDown={() => onMove(resourceIndex, resourceIndex + 1)}
            />
            <button
              type="button"
              onClick={onRemove}
              className="inline-flex min-h-10 min-w-10 items-center justify-center gap-1 rounded-md px-2 text-sm font-semibold text-error hover:bg-red-50"
              aria-label={t`Delete resource ${n} of section ${s}`}
              {...itemControl(`resources-${sectionIndex}`, resourceIndex)}
            >
              <FiTrash2 aria-hidden="true" />
              <span className="hidden sm:inline">
                <Trans>Delete</Trans>
              </span>
            </button>
          </div>
        )}
      </div>

      <BilingualField
        label={t`Resource title`}
        english={register(`${base}.title`)}
        arabic={register(`${base}.title_tr`)}
        englishError={errors?.title?.message}
        arabicError={errors?.title_tr?.message}
      />
      <BilingualField
        label={t`Resource description`}
        multiline
        english={register(`${base}.description`)}
        arabic={register(`${base}.description_tr`)}
        englishError={errors?.description?.message}
        arabicError={errors?.description_tr?.message}
      />

      {type === 'video' ? (
        <TextField
          label={t`YouTube link`}
          type="url"
          dir="ltr"
          inputMode="url"
          className={disabledLook}
          placeholder="https://www.youtube.com/watch?v=…"
          error={errors?.link?.message}
          hint={
            embed ? (
              <span>
                <Trans>Saved as the embed link:</Trans>{' '}
                {/* On a line of its own, left to right like the field above it; lines break after a
                    slash (the domain kept whole on a phone) before anywhere else. */}
                <bdi dir="ltr" className="block text-start wrap-anywhere">
                  {embed.split(/(?<=\/)/).map((part, index) => (
                    <Fragment key={index}>
                      {index > 0 ? <wbr /> : null}
                      {part}
                    </Fragment>
                  ))}
                </bdi>
              </span>
            ) : (
              <Trans>Paste the video's watch, share or embed link.</Trans>
            )
          }
          {...register(`${base}.link`)}
        />
      ) : null}
      {type === 'pdf' ? (
        <PdfField
          control={control}
          sectionIndex={sectionIndex}
          resourceIndex={resourceIndex}
          upload={upload}
          disabled={readOnly}
        />
      ) : null}
      {type === 'quiz' ? (
        <QuizQuestions
          control={control}
          sectionIndex={sectionIndex}
          resourceIndex={resourceIndex}
          readOnly={readOnly}
        />
      ) : null}
    </fieldset>
  );
}
