import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  FiAward,
  FiCheckCircle,
  FiChevronDown,
  FiFileText,
  FiHelpCircle,
  FiLink,
  FiPlayCircle,
} from 'react-icons/fi';
import { foldSpelling, type LearnerCourse, type LearnerResource } from '@app/shared';
import { ProgressBar } from '../../../../components/ui/progress-bar.tsx';
import { pickLocalized, dirOf } from '../../../../lib/localized.ts';
import { useLanguage } from '../../../../i18n/use-language.ts';
import { CERTIFICATE_ID, quizScoreOf } from './viewer-model.ts';

export const COURSE_CONTENT_ID = 'course-content-list';

interface CourseContentProps {
  course: LearnerCourse;
  selectedId: string | null;
  onSelect: (id: string) => void;
  open: boolean;
  onToggle: () => void;
  certificateEarned: boolean;
  /** The video and PDF lessons the learner has completed (ticked in the list). */
  completed: ReadonlySet<string>;
  /** The first item still to do, marked "Up next" (decision 094). */
  nextId: string | null;
}

/**
 * "Course content" (description §2): the sections as "Section N: title" with their resources — video
 * and PDF icons, "Quiz:" items with the learner's best score (just "Quiz" for a quiz named so) — and,
 * once earned, the certificate.
 * The heading collapses and expands the list; the selected item is highlighted and marked current,
 * completed lessons carry a tick, and one sentence says how the progress is counted.
 */
export function CourseContent({
  course,
  selectedId,
  onSelect,
  open,
  onToggle,
  certificateEarned,
  completed,
  nextId,
}: CourseContentProps) {
  const language = useLanguage();
  return (
    <nav aria-labelledby="course-content-heading" className="rounded-lg border border-gray-200 bg-white">
      <h2 id="course-content-heading" className="text-base font-bold text-ink">
        <button
          type="button"
          onClick={onToggle}
          aria-expanded={open}
          aria-controls={COURSE_CONTENT_ID}
          className="flex w-full items-center justify-between gap-2 rounded-lg px-4 py-3 text-start hover:bg-gray-50"
        >
          <Trans>Course content</Trans>
          <FiChevronDown aria-hidden="true" className={`transition-transform ${open ? 'rotate-180' : ''}`} />
        </button>
      </h2>
      <div id={COURSE_CONTENT_ID} hidden={!open} className="border-t border-gray-200">
        {course.course_section.length === 0 ? (
          <p className="px-4 py-3 text-sm text-muted">
            <Trans>This course has no content yet.</Trans>
          </p>
        ) : (
          <p className="px-4 py-2 text-xs text-muted" data-testid="progress-rule">
            <Trans>
              Your progress counts each video, PDF and quiz equally: a video or PDF once done, a quiz by your
              best score.
            </Trans>
          </p>
        )}
        <ol>
          {course.course_section.map((section, index) => {
            const title = pickLocalized(language, section.title, section.title_tr);
            const number = index + 1;
            const sectionTitle = title.text;
            return (
              <li key={section._id} className="border-b border-gray-100 last:border-b-0">
                <h3 className="bg-gray-50 px-4 py-2 text-sm font-bold text-ink">
                  <Trans>
                    Section {number}:{' '}
                    <span lang={title.lang} dir={dirOf(title.lang)}>
                      {sectionTitle}
                    </span>
                  </Trans>
                </h3>
                <ul>
                  {section.resources.map((resource) => (
                    <li key={resource._id}>
                      <ResourceItem
                        course={course}
                        resource={resource}
                        selected={resource._id === selectedId}
                        done={completed.has(resource._id)}
                        next={resource._id === nextId}
                        onSelect={() => onSelect(resource._id)}
                      />
                    </li>
                  ))}
                </ul>
              </li>
            );
          })}
          {certificateEarned ? (
            <li>
              <h3 className="bg-gray-50 px-4 py-2 text-sm font-bold text-ink">
                <Trans>Certificate</Trans>
              </h3>
              <ul>
                <li>
                  <ItemButton
                    selected={selectedId === CERTIFICATE_ID}
                    onSelect={() => onSelect(CERTIFICATE_ID)}
                    icon={<FiAward aria-hidden="true" className="text-primary-darker" />}
                    testId="certificate-item"
                  >
                    <Trans>Your certificate</Trans>
                  </ItemButton>
                </li>
              </ul>
            </li>
          ) : null}
        </ol>
      </div>
    </nav>
  );
}

/** Case, spaces and Arabic spelling variants aside, as typed answers are compared. */
function compared(text: string) {
  return foldSpelling(text).replace(/ /g, '');
}

/**
 * The quiz's type word in both languages (the catalogues' "Quiz" and its Arabic): a title that is
 * either one, even in the other language's interface (an English-only title, shown as written in
 * Arabic), is not said twice ("Quiz: Quiz"); the row says the type word alone.
 */
const QUIZ_WORDS = ['Quiz', 'اختبار'].map(compared);

const namesOnlyItsType = (title: string) => QUIZ_WORDS.includes(compared(title));

function ResourceItem({
  course,
  resource,
  selected,
  done,
  next,
  onSelect,
}: {
  course: LearnerCourse;
  resource: LearnerResource;
  selected: boolean;
  done: boolean;
  next: boolean;
  onSelect: () => void;
}) {
  const { t } = useLingui();
  const language = useLanguage();
  const title = pickLocalized(language, resource.title, resource.title_tr);
  const name = (
    <span lang={title.lang} dir={dirOf(title.lang)}>
      {title.text}
    </span>
  );
  const quizTitle = title.text;
  const upNext = next ? (
    <span
      className="shrink-0 rounded-full bg-primary-dark px-2 py-0.5 text-xs font-semibold text-white"
      data-testid="up-next"
    >
      <Trans>Up next</Trans>
    </span>
  ) : null;

  if (resource.type === 'quiz')
    return (
      <ItemButton
        selected={selected}
        onSelect={onSelect}
        icon={<FiHelpCircle aria-hidden="true" />}
        testId="quiz-item"
        end={upNext}
        extra={
          <ProgressBar
            size="quiz"
            value={quizScoreOf(course, resource._id)}
            label={t`Best score: ${quizTitle}`}
            className="ms-7 mt-1"
          />
        }
      >
        {namesOnlyItsType(title.text) ? <Trans>Quiz</Trans> : <Trans>Quiz: {name}</Trans>}
      </ItemButton>
    );

  const [icon, kind] =
    resource.type === 'video'
      ? [<FiPlayCircle key="icon" aria-hidden="true" />, t`Video`]
      : resource.type === 'pdf'
        ? [<FiFileText key="icon" aria-hidden="true" />, t`PDF`]
        : [<FiLink key="icon" aria-hidden="true" />, ''];
  return (
    <ItemButton
      selected={selected}
      onSelect={onSelect}
      icon={icon}
      testId={`${resource.type}-item`}
      end={
        done ? (
          <FiCheckCircle
            role="img"
            aria-label={t`Completed`}
            className="mt-0.5 shrink-0 text-base text-green-700"
            data-testid="lesson-tick"
          />
        ) : (
          upNext
        )
      }
    >
      {kind ? <span className="sr-only">{kind}: </span> : null}
      {name}
    </ItemButton>
  );
}

function ItemButton({
  selected,
  onSelect,
  icon,
  children,
  extra,
  end,
  testId,
}: {
  selected: boolean;
  onSelect: () => void;
  icon: ReactNode;
  children: ReactNode;
  extra?: ReactNode;
  /** Shown at the end of the row (the completed tick). */
  end?: ReactNode;
  testId: string;
}) {
  return (
    <div
      className={`border-s-4 ${selected ? 'border-primary-dark bg-primary-light' : 'border-transparent hover:bg-gray-50 forced-colors:border-s-0 forced-colors:ps-1'}`}
    >
      <button
        type="button"
        onClick={onSelect}
        aria-current={selected ? 'true' : undefined}
        className={`flex w-full items-start gap-3 px-4 pt-2.5 text-start text-sm text-ink ${extra ? 'pb-1' : 'pb-2.5'} ${
          selected ? 'font-semibold' : ''
        }`}
        data-testid={testId}
      >
        <span className="mt-0.5 shrink-0 text-base">{icon}</span>
        <span className="flex-1">{children}</span>
        {end}
      </button>
      {extra ? <div className="px-4 pb-2.5">{extra}</div> : null}
    </div>
  );
}
