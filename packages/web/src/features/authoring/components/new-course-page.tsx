import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useBlocker, useNavigate } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { currentUserQuery, homeFor } from '../../../lib/session.ts';
import { paths } from '../../../lib/paths.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { PageSpinner } from '../../../components/ui/spinner.tsx';
import { BackButton } from './back-button.tsx';
import { LeaveConfirm } from './leave-confirm.tsx';
import { CourseForm, type CourseFormHandle } from './course-form/course-form.tsx';
import { closeTopDialog, dialogOver } from './top-dialog.ts';

/**
 * /course/add-course: 'New Course', back one page (or to the author's board when opened directly).
 * Back rather than a link to the board: the board's page, order and filter are in the address it was
 * left at (decision 097), which a link would not know.
 *
 * Leaving with unsaved changes (the Back arrow, the browser's Back, a header link) asks first, as the
 * edit dialog does (decision 199): "Keep editing" stays, "Discard changes" forgets the kept draft and
 * goes. The browser's Back with a dialog open over the form (a question, the PDF viewer) closes that
 * dialog only. A save's way back, and the sign-in pages, are not asked about.
 */
export function NewCoursePage() {
  const { t } = useLingui();
  useDocumentTitle(t`New Course`);
  const navigate = useNavigate();
  const { data: viewer } = useQuery(currentUserQuery);

  const form = useRef<CourseFormHandle | null>(null);
  // Set once saved: the way back it takes is not asked about.
  const leaving = useRef(false);
  // Whether a dialog lay over the form when the way out was held: then the way out closes it only.
  const [overForm, setOverForm] = useState(false);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    // Signed out (the session ended, or Log Out): the app goes to log in at once, the draft kept for
    // this account (autosave); there is no page to stay on.
    const signingIn = nextLocation.pathname === paths.login || nextLocation.pathname === paths.adminLogin;
    if (leaving.current || signingIn || currentLocation.pathname === nextLocation.pathname) return false;
    const over = dialogOver(null);
    setOverForm(over);
    return over || (form.current?.changed() ?? false);
  });
  const asking = blocker.state === 'blocked' && !overForm;
  useEffect(() => {
    // A question or the PDF viewer over the form (or this confirmation, answered "Keep editing"):
    // Back closes it only, as in the edit dialog.
    if (blocker.state !== 'blocked' || !overForm) return;
    blocker.reset();
    closeTopDialog();
  }, [blocker, overForm]);
  const answer = (discard: boolean) => {
    if (blocker.state !== 'blocked') return;
    if (!discard) return blocker.reset();
    form.current?.discard();
    leaving.current = true;
    blocker.proceed();
  };

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
          onDone={() => {
            leaving.current = true;
            back();
          }}
          handleRef={form}
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
      <LeaveConfirm open={asking} onKeep={() => answer(false)} onDiscard={() => answer(true)}>
        <Trans>
          This new course has not been saved. If you discard it, it will not be offered again when you start a
          new course, and a course photo you chose, if any, is lost too.
        </Trans>
      </LeaveConfirm>
    </main>
  );
}
