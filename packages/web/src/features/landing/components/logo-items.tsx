import { Trans } from '@lingui/react/macro';
import { LOGO_ITEMS } from '../content/landing-content.ts';

/** The five logo items: the open tools and communities the courses work with. */
export function LogoItems() {
  return (
    <section aria-labelledby="tools-title" className="border-y border-gray-200 bg-white">
      <div className="mx-auto flex max-w-7xl flex-col items-center gap-5 px-5 py-8">
        <h2 id="tools-title" className="text-center text-sm font-semibold uppercase tracking-wide text-muted">
          <Trans>Open tools and communities you will work with</Trans>
        </h2>
        <ul className="flex flex-wrap items-center justify-center gap-x-10 gap-y-4">
          {LOGO_ITEMS.map(({ id, name, icon: Icon }) => (
            <li key={id} lang="en" className="flex items-center gap-2 text-lg font-semibold text-ink">
              <Icon aria-hidden="true" className="size-8 text-primary-darker" />
              {name}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
