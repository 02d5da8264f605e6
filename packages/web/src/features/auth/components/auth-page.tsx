import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useFocusOnArrival } from '../hooks/use-focus-on-arrival.ts';

/**
 * The heading block every auth screen starts with; also names the browser tab. `announce`: the screen
 * replaced a form in place (its address unchanged) after the user sent it, so its heading takes focus —
 * the button that had it is gone, and a screen reader hears where they are now.
 */
export function AuthPage({
  title,
  subtitle,
  children,
  announce = false,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  announce?: boolean;
}) {
  useDocumentTitle(title);
  const heading = useFocusOnArrival<HTMLHeadingElement>(announce);
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h1
          ref={heading}
          tabIndex={announce ? -1 : undefined}
          className="text-2xl font-bold text-ink outline-none sm:text-3xl"
        >
          {title}
        </h1>
        {subtitle ? <p className="text-muted">{subtitle}</p> : null}
      </div>
      {children}
    </div>
  );
}
