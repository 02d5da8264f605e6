import type { ReactNode } from 'react';
import { TRUE_FALSE, type Language, type LearnerQuizQuestion } from '@app/shared';
import { pickLocalized, type LocalizedText, dirOf } from '../../../../lib/localized.ts';

export type Answer = string | string[];

/** A question is answered once a choice is made, a box ticked or something typed. */
export const isAnswered = (answer: Answer | undefined) =>
  Array.isArray(answer) ? answer.length > 0 : Boolean(answer?.trim());

export interface Choice {
  value: string;
  label: LocalizedText;
}

/** The values a question's choices send (option names or 'true'/'false'); none for a short answer. */
export const choiceValues = (question: LearnerQuizQuestion): readonly string[] =>
  question.type === 'truefalse' ? TRUE_FALSE : question.options.map((option) => option.name);

/**
 * The choices of a question in the reader's language: its options, or True/False (decision 035);
 * none for a short answer. The value sent is the option's name or 'true'/'false', never a label.
 */
export function choicesOf(
  question: LearnerQuizQuestion,
  language: Language,
  trueFalse: Record<(typeof TRUE_FALSE)[number], string>,
): Choice[] {
  if (question.type === 'truefalse')
    return TRUE_FALSE.map((value) => ({ value, label: { text: trueFalse[value], lang: language } }));
  return question.options.map((option) => ({
    value: option.name,
    label: pickLocalized(language, option.name, option.name_tr),
  }));
}

// The row draws the focus ring (ChoiceRow); `!`: the global ring would otherwise add a second (styles.css).
const inputClass = 'size-5 shrink-0 accent-primary-dark focus:outline-none!';

/** One choice as a whole clickable row: the box or radio (`children`) and the label in its language. */
function ChoiceRow({ choice, checked, children }: { choice: Choice; checked: boolean; children: ReactNode }) {
  return (
    <label
      lang={choice.label.lang}
      className={`flex min-h-11 cursor-pointer items-center gap-3 rounded-md border px-4 py-2 text-ink has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-primary-dark ${
        checked ? 'border-primary-dark bg-primary-light font-semibold' : 'border-gray-300 hover:bg-gray-50'
      }`}
    >
      {children}
      <span lang={choice.label.lang} dir={dirOf(choice.label.lang)}>
        {choice.label.text}
      </span>
    </label>
  );
}

/** Multiple answers: one checkbox per option; ticking never moves on (more may follow). */
export function CheckboxChoices({
  name,
  choices,
  chosen,
  onChange,
}: {
  name: string;
  choices: Choice[];
  chosen: string[];
  onChange: (chosen: string[]) => void;
}) {
  return choices.map((choice) => {
    const checked = chosen.includes(choice.value);
    return (
      <ChoiceRow key={choice.value} choice={choice} checked={checked}>
        <input
          type="checkbox"
          name={name}
          value={choice.value}
          checked={checked}
          onChange={(event) =>
            onChange(
              event.target.checked
                ? [...chosen.filter((value) => value !== choice.value), choice.value]
                : chosen.filter((value) => value !== choice.value),
            )
          }
          className={inputClass}
        />
      </ChoiceRow>
    );
  });
}

/** Single choice and true/false: radios; the caller decides when a choice moves on. */
export function RadioChoices({
  name,
  choices,
  chosen,
  onChoose,
  onKeyDown,
  onClickChosen,
}: {
  name: string;
  choices: Choice[];
  chosen: string | undefined;
  onChoose: (value: string) => void;
  onKeyDown: (key: string) => void;
  onClickChosen: () => void;
}) {
  return choices.map((choice) => {
    const checked = chosen === choice.value;
    return (
      <ChoiceRow key={choice.value} choice={choice} checked={checked}>
        <input
          type="radio"
          name={name}
          value={choice.value}
          checked={checked}
          onKeyDown={(event) => {
            onKeyDown(event.key);
            // Space on the option already chosen (by the arrow keys) moves on as a click on it does:
            // Chromium sends no click for Space on a checked radio, so this is the only word of it
            // (and the default is stopped, so a browser that does send one does not move on twice).
            if (event.key === ' ' && checked) {
              event.preventDefault();
              onClickChosen();
            }
          }}
          onClick={() => {
            // Clicking the option already chosen (no change event) still moves on.
            if (checked) onClickChosen();
          }}
          onChange={() => onChoose(choice.value)}
          className={inputClass}
        />
      </ChoiceRow>
    );
  });
}
