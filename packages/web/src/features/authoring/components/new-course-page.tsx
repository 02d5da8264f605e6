import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { currentUserQuery, homeFor } from '../../../lib/session.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { PageSpinner } from '../../../components/ui/spinner.tsx';
import { BackButton } from './back-button.tsx';
import { CourseForm } from './course-form/course-form.tsx';

/**
 * /course/add-course: 'New Course', back one page (or to the author's board when opened directly).
 * Back rather than a link to the board: the board's page, order and filter are in the address it was
 * left at (decision 097), which a link would not know.
 */
export function NewCoursePage() {
  const { t } = useLingui();
  useDocumentTitle(t`New Course`);
  const navigate = useNavigate();
  const { data: viewer } = useQuery(currentUserQuery);

  const back = () => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) void navigate(-1);
    else void navigate(viewer ? homeFor(viewer.role) : '/', { replace: true });
  };

  return (
    <main id="main" className="mx-auto w-full max-w-5xl px-4 py-6 sm:px-6">
      {viewer ? (
        <CourseForm
          key={viewer._id}
          course={null}
          viewer={viewer}
          headingLevel={1}
          onDone={back}
          header={
            <div className="flex items-center gap-2">
              <BackButton onClick={back} />
              <h1 className="text-2xl font-bold text-ink">
                <Trans>New Course</Trans>
              </h1>
            </div>
          }
        />
      ) : (
        <PageSpinner />
      )}
    </main>
  );
}
