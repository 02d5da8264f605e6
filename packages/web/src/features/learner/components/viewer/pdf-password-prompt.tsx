import { useId, useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '../../../../components/ui/button.tsx';

export type PasswordRequest = { submit: (password: string) => void; wrong: boolean };

/** pdf.js asks for a password (again, after a wrong one); the answer goes back through `submit`. */
export function PasswordPrompt({ request, onDone }: { request: PasswordRequest; onDone: () => void }) {
  const { t } = useLingui();
  const id = useId();
  const [value, setValue] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    request.submit(value);
    setValue('');
    onDone();
  };
  return (
    <form
      onSubmit={submit}
      className="m-auto flex w-full max-w-sm flex-col gap-3 rounded-lg bg-white p-5 shadow"
    >
      <label htmlFor={id} className="text-sm font-semibold text-ink">
        <Trans>Enter the password to open this PDF file.</Trans>
      </label>
      <input
        id={id}
        type="password"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        autoComplete="off"
        // eslint-disable-next-line jsx-a11y/no-autofocus -- the prompt replaces the document the reader just opened.
        autoFocus
        aria-invalid={request.wrong || undefined}
        aria-describedby={request.wrong ? `${id}-error` : undefined}
        className="block w-full rounded-md border border-gray-400 px-3 py-2 text-ink focus:border-primary-dark focus:ring-2 focus:ring-primary/30 focus:outline-none"
      />
      {request.wrong ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-error">
          {t`Invalid password. Please try again.`}
        </p>
      ) : null}
      <Button type="submit" disabled={!value}>
        <Trans>Open</Trans>
      </Button>
    </form>
  );
}
