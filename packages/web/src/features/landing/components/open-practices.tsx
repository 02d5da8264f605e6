import { Trans, useLingui } from '@lingui/react/macro';
import { OPEN_PRACTICES } from '../content/landing-content.ts';

/** OPEN SOURCE, OPEN LICENSE and OPEN HARDWARE, each with its definition and colour. */
export function OpenPractices() {
  const { t } = useLingui();
  return (
    <section id="open-practices" aria-labelledby="practices-title" className="scroll-mt-24">
      <div className="mx-auto flex max-w-7xl flex-col gap-8 px-5 py-14">
        <div className="flex flex-col gap-2">
          <h2 id="practices-title" className="text-3xl font-bold text-ink">
            <Trans>Open practices</Trans>
          </h2>
          <p className="text-muted">
            <Trans>Open Science rests on a few simple ideas. These are three of them.</Trans>
          </p>
        </div>
        <ul className="grid gap-6 md:grid-cols-3">
          {OPEN_PRACTICES.map(({ id, name, content, icon: Icon, colour }) => (
            <li
              key={id}
              data-testid={`practice-${id}`}
              className="flex flex-col gap-3 rounded-xl p-6 text-ink"
              style={{ backgroundColor: colour }}
            >
              <Icon aria-hidden="true" className="size-10" />
              <h3 className="text-lg font-bold tracking-wide">{t(name)}</h3>
              <p>{t(content)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
