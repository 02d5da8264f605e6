import { useId } from 'react';
import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { FiArrowRight, FiClock } from 'react-icons/fi';
import { useLanguage } from '../../../i18n/use-language.ts';
import { paths } from '../../../lib/paths.ts';
import { FEATURED_COURSES, UPCOMING_COURSES, type LandingCourse } from '../content/landing-content.ts';

/** Two featured courses, each with 'Start Learning' (to /login). */
export function FeaturedCourses() {
  const { t } = useLingui();
  const language = useLanguage();
  return (
    <section id="courses" aria-labelledby="featured-title" className="scroll-mt-24">
      <div className="mx-auto flex max-w-7xl flex-col gap-8 px-5 py-14">
        <div className="flex flex-col gap-2">
          <h2 id="featured-title" className="text-3xl font-bold text-ink">
            <Trans>Featured Courses</Trans>
          </h2>
          <p className="text-muted">
            <Trans>Start with the courses our community recommends.</Trans>{' '}
            {/* The public catalogue is served by the server (crawlable HTML), so a full page load. */}
            <a
              href={`/courses?lang=${language}`}
              className="font-semibold text-primary-darker underline underline-offset-2"
            >
              <Trans>Read about every course, no account needed</Trans>
            </a>
          </p>
        </div>
        <ul className="grid gap-6 md:grid-cols-2">
          {FEATURED_COURSES.map(({ id, name, description, icon: Icon }) => (
            <li
              key={id}
              className="flex flex-col gap-4 rounded-xl border border-gray-200 bg-white p-6 shadow-sm"
            >
              <span className="inline-flex size-14 items-center justify-center rounded-lg bg-primary-light">
                <Icon aria-hidden="true" className="size-7 text-primary-darker" />
              </span>
              <h3 className="text-xl font-semibold text-balance text-ink">{t(name)}</h3>
              <p className="flex-1 text-muted">{t(description)}</p>
              <Link
                to={paths.login}
                className="inline-flex min-h-10 items-center gap-2 self-start rounded-md bg-primary-dark px-4 py-2 text-sm font-semibold text-white hover:bg-primary-darker"
              >
                <Trans>Start Learning</Trans>
                <span className="sr-only">: {t(name)}</span>
                <FiArrowRight aria-hidden="true" className="rtl:-scale-x-100" />
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/**
 * One upcoming course. Not a link yet: 'Coming Soon' shows on hover, keyboard focus and tap (a tap
 * focuses the button) — by CSS; ../enhance.ts lets Escape hide it.
 */
function UpcomingCourse({ course }: { course: LandingCourse }) {
  const { t } = useLingui();
  const id = useId();
  const Icon = course.icon;
  return (
    <div data-tooltip className="group relative h-full">
      <button
        type="button"
        aria-disabled="true"
        aria-describedby={id}
        className="flex h-full w-full cursor-default flex-col items-start gap-2 rounded-xl border border-dashed border-gray-400 bg-white p-5 text-start"
      >
        <Icon aria-hidden="true" className="size-7 text-muted" />
        <span className="font-semibold text-balance text-ink">{t(course.name)}</span>
        <span className="text-sm text-muted">{t(course.description)}</span>
      </button>
      <span
        role="tooltip"
        id={id}
        className="pointer-events-none absolute inset-x-0 bottom-full z-50 mx-auto mb-1.5 hidden w-max items-center gap-1 rounded-md bg-ink px-3 py-1.5 text-sm font-semibold text-white shadow-lg group-focus-within:inline-flex group-hover:inline-flex"
      >
        <FiClock aria-hidden="true" />
        <Trans>Coming Soon</Trans>
      </span>
    </div>
  );
}

/** The row of upcoming courses and 'See All Courses' (to /login). */
export function UpcomingCourses() {
  return (
    <section aria-labelledby="upcoming-title" className="bg-gray-50">
      <div className="mx-auto flex max-w-7xl flex-col gap-8 px-5 py-14">
        <h2 id="upcoming-title" className="text-3xl font-bold text-ink">
          <Trans>Upcoming Courses</Trans>
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {UPCOMING_COURSES.map((course) => (
            <li key={course.id}>
              <UpcomingCourse course={course} />
            </li>
          ))}
        </ul>
        <Link
          to={paths.login}
          className="inline-flex min-h-10 items-center gap-2 self-center rounded-md border border-primary-dark bg-white px-5 py-2 font-semibold text-primary-darker hover:bg-primary-light"
        >
          <Trans>See All Courses</Trans>
          <FiArrowRight aria-hidden="true" className="rtl:-scale-x-100" />
        </Link>
      </div>
    </section>
  );
}
