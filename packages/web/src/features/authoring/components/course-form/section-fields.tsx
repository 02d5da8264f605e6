import { useState } from 'react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { Trans, useLingui } from '@lingui/react/macro';
import { FiPlus, FiTrash2 } from 'react-icons/fi';
import { LIMITS, type CourseDraft } from '@app/shared';
import { Button } from '../../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog.tsx';
import { BilingualField } from './bilingual-field.tsx';
import { addControl, focusAfterRemoval, itemControl } from './focus-after-removal.ts';
import { emptyResource, hasTypedContent } from './form-values.ts';
import { focusMoveButton, MoveButtons } from './move-buttons.tsx';
import { ResourceFields } from './resource-fields.tsx';

export interface SectionFieldsProps {
  index: number;
  count: number;
  readOnly: boolean;
  onMove: (from: number, to: number) => void;
  onRemove: () => void;
  announce: (text: string) => void;
}

/** One section: title (≤ 30 characters), description, its resources, 'Add Resources', delete. */
export function SectionFields({ index, count, readOnly, onMove, onRemove, announce }: SectionFieldsProps) {
  const { t } = useLingui();
  const { register, control, formState, getValues } = useFormContext<CourseDraft>();
  const resources = useFieldArray({ control, name: `coursesection.${index}.resources` });
  const [confirming, setConfirming] = useState<'section' | number | null>(null);
  const errors = formState.errors.coursesection?.[index];
  const n = index + 1;
  const resourcesMessage = errors?.resources?.message ?? errors?.resources?.root?.message;

  const moveResource = (from: number, to: number) => {
    resources.move(from, to);
    announce(t`Resource ${from + 1} of section ${n} moved to position ${to + 1}`);
    focusMoveButton(`resource-${index}-${to}`, to < from ? 'up' : 'down');
  };

  const removeResource = (position: number) => {
    resources.remove(position);
    announce(t`Resource ${position + 1} of section ${n} deleted`);
    focusAfterRemoval(`resources-${index}`, position);
  };

  return (
    <fieldset
      className="flex min-w-0 flex-col gap-4 rounded-lg border border-gray-300 bg-gray-50 p-3 sm:p-4"
      data-testid={`section-${n}`}
    >
      <legend className="px-1 text-base font-semibold text-ink">
        <Trans>Section {n}</Trans>
      </legend>
      {readOnly ? null : (
        <div className="flex flex-wrap items-center justify-end gap-2">
          <MoveButtons
            moveId={`section-${index}`}
            upLabel={t`Move section ${n} up`}
            downLabel={t`Move section ${n} down`}
            canMoveUp={index > 0}
            canMoveDown={index < count - 1}
            onMoveUp={() => onMove(index, index - 1)}
            onMoveDown={() => onMove(index, index + 1)}
          />
          <button
            type="button"
            className="inline-flex min-h-10 min-w-10 items-center justify-center gap-1 rounded-md px-2 text-sm font-semibold text-error hover:bg-red-50"
            aria-label={t`Delete section ${n}`}
            {...itemControl('sections', index)}
            onClick={() =>
              hasTypedContent(getValues(`coursesection.${index}`)) ? setConfirming('section') : onRemove()
            }
          >
            <FiTrash2 aria-hidden="true" />
            <Trans>Delete section</Trans>
          </button>
        </div>
      )}
      <BilingualField
        label={t`Section title`}
        hint={t`Up to ${LIMITS.sectionTitleMax} characters.`}
        english={register(`coursesection.${index}.title`)}
        arabic={register(`coursesection.${index}.title_tr`)}
        englishError={errors?.title?.message}
        arabicError={errors?.title_tr?.message}
        testId={`section-${n}-title`}
      />
      <BilingualField
        label={t`Section description`}
        multiline
        english={register(`coursesection.${index}.description`)}
        arabic={register(`coursesection.${index}.description_tr`)}
        englishError={errors?.description?.message}
        arabicError={errors?.description_tr?.message}
      />

      {resources.fields.map((field, position) => (
        <ResourceFields
          key={field.id}
          sectionIndex={index}
          resourceIndex={position}
          count={resources.fields.length}
          readOnly={readOnly}
          onMove={moveResource}
          onRemove={() =>
            hasTypedContent(getValues(`coursesection.${index}.resources.${position}`))
              ? setConfirming(position)
              : removeResource(position)
          }
        />
      ))}
      {resourcesMessage ? <p className="text-sm text-error">{resourcesMessage}</p> : null}
      {readOnly ? null : (
        <div>
          <Button
            variant="secondary"
            {...addControl(`resources-${index}`)}
            onClick={() => resources.append(emptyResource())}
          >
            <FiPlus aria-hidden="true" />
            <Trans>Add Resources</Trans>
          </Button>
        </div>
      )}

      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open) setConfirming(null);
        }}
        title={confirming === 'section' ? t`Delete section ${n}?` : t`Delete this resource?`}
        confirmLabel={t`Delete`}
        onConfirm={() => {
          if (confirming === 'section') onRemove();
          else if (typeof confirming === 'number') removeResource(confirming);
          setConfirming(null);
        }}
      >
        {confirming === 'section' ? (
          <Trans>The section and its resources will be removed from the form.</Trans>
        ) : (
          <Trans>The resource will be removed from the form.</Trans>
        )}
      </ConfirmDialog>
    </fieldset>
  );
}
