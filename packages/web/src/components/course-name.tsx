import { useLanguage } from '../i18n/use-language.ts';
import { dirOf, pickLocalized } from '../lib/localized.ts';

/**
 * A course's title in the reader's language, named in a sentence (a dialog saying what an action does
 * to it, its row perhaps out of sight): isolated in its own direction, so that a title in the other
 * script does not reorder the sentence around it, and set off from it (`className`: in a sentence, its
 * dark semibold text; a caption passes its own).
 */
export function CourseName({
  course,
  className = 'font-semibold text-ink',
}: {
  course: { title: string; title_tr?: string | null };
  className?: string;
}) {
  const title = pickLocalized(useLanguage(), course.title, course.title_tr);
  return (
    <bdi lang={title.lang} dir={dirOf(title.lang)} className={className}>
      {title.text}
    </bdi>
  );
}
