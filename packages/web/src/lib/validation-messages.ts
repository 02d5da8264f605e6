import { useCallback, useEffect, useMemo, useRef } from 'react';
import { t, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { toNestErrors } from '@hookform/resolvers';
import {
  useForm,
  type DefaultValues,
  type FieldError,
  type FieldErrors,
  type FieldPath,
  type FieldValues,
  type Resolver,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import { describeIssue, issuePath, LIMITS, type ValidationKey } from '@app/shared';

/**
 * The shared zod schemas report problems as stable keys (`describeIssue`); this turns a key into a
 * sentence in the reader's language. One place for every form of the app (auth, course form, quiz…).
 */
export function validationMessage(key: ValidationKey, limit?: number): string {
  const n = limit ?? 0;
  switch (key) {
    case 'required':
      return t`This field is required.`;
    case 'invalid_email':
      return t`Enter a valid email address.`;
    case 'invalid_url':
      return t`Enter a valid link (URL).`;
    case 'too_short':
      return plural(n, {
        one: 'Must be at least # character.',
        other: 'Must be at least # characters.',
      });
    case 'too_long':
      return plural(n, {
        one: 'Must be at most # character.',
        other: 'Must be at most # characters.',
      });
    case 'too_few':
      return plural(n, { one: 'Add at least # item.', other: 'Add at least # items.' });
    case 'too_many':
      return plural(n, { one: 'Add at most # item.', other: 'Add at most # items.' });
    case 'invalid_option':
      return t`Choose one of the options.`;
    case 'passwords_mismatch':
      return t`password does not match`;
    case 'correct_answer_not_option':
      return t`The correct answer must be one of the options.`;
    case 'duplicate_option':
      return t`Each option must be different.`;
    case 'video_not_embeddable':
      return t`Enter a YouTube video link.`;
    case 'pdf_file_required':
      return t`Add a PDF file.`;
    case 'quiz_required':
      return t`Add at least one question.`;
    case 'too_many_course_questions': {
      const max = LIMITS.courseQuestionsMax;
      return t`A course can have at most ${max} questions in all: remove some, or split the course in two.`;
    }
    case 'too_many_course_resources': {
      const max = LIMITS.courseResourcesMax;
      return t`A course can have at most ${max} resources in all: remove some, or split the course in two.`;
    }
    case 'file_not_yours':
      return t`This file was uploaded by another author: upload your own copy.`;
    case 'unknown_field':
      return t`This field is not allowed.`;
    case 'invalid_type':
    case 'invalid':
      return t`This value is not valid.`;
  }
}

export type ValidationMessageFn = (key: ValidationKey, limit?: number) => string;

/**
 * `(key, limit?) => string` in the active language. Its identity changes with the language, so
 * memoised resolvers and messages follow a language switch.
 */
export function useValidationMessage(): ValidationMessageFn {
  const { i18n } = useLingui();
  const locale = i18n.locale;
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the locale is the input that matters.
  return useCallback((key: ValidationKey, limit?: number) => validationMessage(key, limit), [locale]);
}

const valueAt = (values: unknown, path: PropertyKey[]): unknown =>
  path.reduce<unknown>(
    (node, segment) =>
      node !== null && typeof node === 'object' ? (node as Record<PropertyKey, unknown>)[segment] : undefined,
    values,
  );

/**
 * Field errors keyed by dotted path (`coursesection.0.title`), first problem per field. A field left
 * empty is reported as required, whatever check caught it (an empty e-mail fails the format check).
 */
export function issuesToFieldErrors(
  issues: z.core.$ZodIssue[],
  message: ValidationMessageFn,
  values?: unknown,
) {
  const errors: Record<string, FieldError> = {};
  for (const issue of issues) {
    const path = issuePath(issue);
    if (errors[path]) continue;
    const value = values === undefined ? undefined : valueAt(values, issue.path);
    const { key, limit } =
      typeof value === 'string' && value.trim() === ''
        ? { key: 'required' as const, limit: undefined }
        : describeIssue(issue);
    errors[path] = { type: key, message: message(key, limit) };
  }
  return errors;
}

/**
 * A form's schema, or a function loading it (decision 038): a form validates on submit, so a page
 * whose only zod is its form's schema paints and hydrates without zod, and loads it on the first
 * submit. The loader must be a stable (module-level) function.
 */
export type FormSchema<Output, Input> = z.ZodType<Output, Input> | (() => Promise<z.ZodType<Output, Input>>);

/**
 * A react-hook-form resolver for a shared zod schema whose messages are translated: use it like
 * `zodResolver(schema)` (`useForm({ resolver: translatedZodResolver(schema, message) })`). On success
 * the form receives the schema's output (trimmed, lower-cased e-mail…). A schema that cannot be
 * loaded (offline, a deployment replaced the file) lets the values through as typed: the server
 * checks them with the same schema and answers with the field errors, and the network failure or
 * those errors are shown as for any request.
 */
export function translatedZodResolver<Input extends FieldValues, Output extends FieldValues>(
  source: FormSchema<Output, Input>,
  message: ValidationMessageFn = validationMessage,
): Resolver<Input, unknown, Output> {
  return async (values, _context, options) => {
    const schema = typeof source === 'function' ? await source().catch(() => null) : source;
    if (!schema) return { values: values as unknown as Output, errors: {} };
    const result = await schema.safeParseAsync(values);
    if (result.success) return { values: result.data, errors: {} };
    const flat = issuesToFieldErrors(result.error.issues, message, values) as FieldErrors;
    return { values: {}, errors: toNestErrors<Input>(flat, options) };
  };
}

/** `translatedZodResolver` bound to the active language (stable until the language changes). */
export function useTranslatedResolver<Input extends FieldValues, Output extends FieldValues>(
  schema: FormSchema<Output, Input>,
): Resolver<Input, unknown, Output> {
  const message = useValidationMessage();
  return useMemo(() => translatedZodResolver(schema, message), [schema, message]);
}

/**
 * The one way a form of this app validates (description §5): on submit, then on every change; and,
 * since messages already on screen were written in the old language, again after a language switch.
 */
export function useValidatedForm<Values extends FieldValues, Output extends FieldValues = Values>(
  resolver: Resolver<Values, unknown, Output>,
  defaultValues: DefaultValues<Values>,
): UseFormReturn<Values, unknown, Output> {
  const form = useForm<Values, unknown, Output>({
    resolver,
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { i18n } = useLingui();
  const locale = i18n.locale;
  const previous = useRef(locale);
  const { isSubmitted } = form.formState;
  const { trigger, setError, getFieldState } = form;
  useEffect(() => {
    if (previous.current === locale) return;
    previous.current = locale;
    if (!isSubmitted) return;
    // The server's verdicts ("wrong code, 2 attempts left") are not the rules' to re-check: kept
    // where the rules find nothing wrong now, in the words they came in (there is no asking again).
    const verdicts = serverErrorsOf(form.formState.errors);
    void trigger().then(() => {
      for (const { path, message } of verdicts)
        if (!getFieldState(path).error) setError(path, { type: 'server', message });
    });
  }, [locale, isSubmitted, trigger, setError, getFieldState, form.formState]);
  return form;
}

/** The errors the server set (`type: 'server'`), by field path, however deep the form's fields go. */
function serverErrorsOf<Values extends FieldValues>(
  errors: FieldErrors<Values>,
  prefix = '',
): { path: FieldPath<Values>; message: string }[] {
  return Object.entries(errors).flatMap(([key, value]) => {
    if (typeof value !== 'object' || value === null || key === 'ref') return [];
    const path = prefix ? `${prefix}.${key}` : key;
    const error = value as Partial<FieldError>;
    if (error.type === 'server' && typeof error.message === 'string')
      return [{ path: path as FieldPath<Values>, message: error.message }];
    return serverErrorsOf(value as FieldErrors<Values>, path);
  });
}
