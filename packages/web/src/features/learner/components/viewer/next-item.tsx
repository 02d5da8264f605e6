import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { FiArrowRight, FiAward } from 'react-icons/fi';
import type { LearnerResource } from '@app/shared';
import { Button } from '../../../../components/ui/button.tsx';
import { pickLocalized, dirOf } from '../../../../lib/localized.ts';
import { useLanguage } from '../../../../i18n/use-language.ts';
import { CERTIFICATE_ID } from './viewer-model.ts';

/**
 * A way on (decision 094): an item named by `say` ("Next: {title}" under a completed lesson or a
 * quiz's result, `itemAfter`; "Start"/"Continue" on the welcome panel, `nextStep`), or "Your
 * certificate". Picking it is picking that item from the course content (`?resource=`, its heading
 * then takes the focus).
 */
export function NextItem({
  item,
  onSelect,
  say = (name) => <Trans>Next: {name}</Trans>,
}: {
  item: LearnerResource | typeof CERTIFICATE_ID;
  onSelect: (id: string) => void;
  say?: (name: ReactNode) => ReactNode;
}) {
  const language = useLanguage();
  if (item === CERTIFICATE_ID)
    return (
      <Button onClick={() => onSelect(CERTIFICATE_ID)} data-testid="next-step">
        <FiAward aria-hidden="true" className="shrink-0" />
        <Trans>Your certificate</Trans>
      </Button>
    );
  const title = pickLocalized(language, item.title, item.title_tr);
  return (
    <Button onClick={() => onSelect(item._id)} className="max-w-full" data-testid="next-step">
      <span className="min-w-0 wrap-break-word">
        {say(
          <span lang={title.lang} dir={dirOf(title.lang)}>
            {title.text}
          </span>,
        )}
      </span>
      <FiArrowRight aria-hidden="true" className="shrink-0 rtl:rotate-180" />
    </Button>
  );
}
