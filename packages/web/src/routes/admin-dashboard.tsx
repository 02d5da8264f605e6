import { useCallback, useState } from 'react';
import { AdminBoard } from '../features/admin/components/admin-board.tsx';
import { EditCourseModal } from '../features/authoring/components/edit-course-modal.tsx';

/**
 * /admin/dashboard: the admin board, and "View course" opening the course form in the modal (the page
 * composes the two features; they do not import each other).
 */
export function Component() {
  const [openId, setOpenId] = useState<string | null>(null);
  const close = useCallback(() => setOpenId(null), []);
  return (
    <>
      <AdminBoard onViewCourse={setOpenId} />
      <EditCourseModal courseId={openId} onClose={close} />
    </>
  );
}
