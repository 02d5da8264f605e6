import { useLanguage } from '../i18n/use-language.ts';
import { dirOf, pickLocalized } from '../lib/localized.ts';

/**
 * A course's title in the reader's language, named in a sentence (a dialog saying what an action does
 * to it, its row perhaps out of sight): isolated in its own direction, so that a title in the other
 * script does not reorder the sentence around it, and set off from it.
 */
export function CourseName({ course }: { course: { title: string; title_tr?: string | null } }) {
  const title = pickLocalized(useLanguage(), course.title, course.title_tr);
  return (
    <bdi lang={title.lang} dir={dirOf(title.lang)} className="font-semibold text-ink">
      {title.text}
    </bdi>
  );
}
