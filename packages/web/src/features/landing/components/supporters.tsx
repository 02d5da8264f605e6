import { Trans, useLingui } from '@lingui/react/macro';
import { SUPPORTERS } from '../content/landing-content.ts';

/** The supporters block (one supporter). */
export function Supporters() {
  const { t } = useLingui();
  return (
    <section aria-labelledby="supporters-title">
      <div className="mx-auto flex max-w-7xl flex-col items-center gap-6 px-5 py-14 text-center">
        <h2 id="supporters-title" className="text-3xl font-bold text-ink">
          <Trans>Our Supporters</Trans>
        </h2>
        <ul className="flex flex-wrap justify-center gap-6">
          {SUPPORTERS.map((supporter) => (
            <li key={supporter.id} className="flex max-w-sm flex-col items-center gap-3">
              <a
                href={supporter.href}
                target="_blank"
                rel="noopener noreferrer"
                className="flex items-center gap-3 rounded-xl border border-gray-200 bg-white px-8 py-5 shadow-sm hover:border-primary-dark"
              >
                <svg aria-hidden="true" focusable="false" viewBox="0 0 40 40" className="size-10">
                  <circle cx="20" cy="20" r="18" fill="#7b1c5e" />
                  <circle cx="20" cy="20" r="9" fill="none" stroke="#fff" strokeWidth="4" />
                </svg>
                <span lang="en" className="text-2xl font-bold text-ink">
                  {supporter.name}
                </span>
                <span className="sr-only">{t`(opens in a new tab)`}</span>
              </a>
              <p className="text-sm text-muted">{t(supporter.description)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
