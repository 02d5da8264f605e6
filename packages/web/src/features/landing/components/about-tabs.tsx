import { useId } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { FiExternalLink } from 'react-icons/fi';
import { TAB_ITEMS, USEFUL_LINKS } from '../content/landing-content.ts';

const tabClass =
  'min-h-11 rounded-t-md border-b-4 border-transparent px-5 py-2 font-semibold text-muted hover:text-ink data-[state=active]:border-primary-dark data-[state=active]:text-primary-darker forced-colors:not-data-[state=active]:border-b-0 forced-colors:not-data-[state=active]:pb-3';

/**
 * The Overview / Useful links tabs: plain markup with both panels rendered (the second hidden), made
 * to work by ../enhance.ts (a click, the arrow keys, Home and End select a tab).
 */
export function AboutTabs() {
  const { t } = useLingui();
  const id = useId();
  const tab = (name: string, selected: boolean) => ({
    role: 'tab',
    id: `${id}${name}`,
    'aria-controls': `${id}${name}-panel`,
    'aria-selected': selected,
    'data-state': selected ? 'active' : 'inactive',
    tabIndex: selected ? 0 : -1,
  });
  const panel = (name: string) => ({
    role: 'tabpanel',
    id: `${id}${name}-panel`,
    'aria-labelledby': `${id}${name}`,
    tabIndex: 0,
  });
  return (
    <section id="about" aria-labelledby="about-title" className="scroll-mt-24 bg-gray-50">
      <div className="mx-auto flex max-w-4xl flex-col gap-6 px-5 py-14">
        <h2 id="about-title" className="text-3xl font-bold text-ink">
          <Trans>About the platform</Trans>
        </h2>
        <div className="flex flex-col">
          <div
            role="tablist"
            aria-label={t`About the platform`}
            className="flex gap-2 border-b border-gray-300"
          >
            {TAB_ITEMS.map((item) => (
              <button
                key={item.id}
                type="button"
                {...tab(item.tab, item.tab === 'tab1')}
                className={tabClass}
              >
                {t(item.name)}
              </button>
            ))}
          </div>
          <div {...panel('tab1')} className="flex flex-col gap-4 pt-6 text-ink">
            <p>
              <Trans>
                Open Science Community Saudi Arabia (OSCSA) brings together researchers, students and
                practitioners who want research to be open, transparent and shared. We are part of the
                International Network of Open Science &amp; Scholarship Communities.
              </Trans>
            </p>
            <p>
              <Trans>
                This platform offers free courses in Arabic and English. Each course is made of short videos,
                readings and quizzes; your progress is saved as you go, and you earn a certificate when you
                master a course.
              </Trans>
            </p>
            <p>
              <Trans>
                Anyone can contribute: sign up as a contributor to write a course, and our reviewers will help
                you publish it.
              </Trans>
            </p>
          </div>
          <div {...panel('tab2')} hidden className="pt-6">
            <ul className="grid gap-4 sm:grid-cols-2">
              {USEFUL_LINKS.map((link) => (
                <li key={link.id} className="rounded-lg border border-gray-200 bg-white p-4">
                  <a
                    href={link.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-flex items-center gap-2 font-semibold text-primary-darker underline underline-offset-2"
                  >
                    {t(link.name)}
                    <FiExternalLink aria-hidden="true" className="shrink-0" />
                    <span className="sr-only">{t`(opens in a new tab)`}</span>
                  </a>
                  <p className="mt-1 text-sm text-muted">{t(link.description)}</p>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </div>
    </section>
  );
}
