import { AdminBoard } from '../features/admin/components/admin-board.tsx';
import { EditCourseModal } from '../features/authoring/components/edit-course-modal.tsx';
import { useEditedCourse } from '../features/authoring/hooks/use-edited-course.ts';

/**
 * /admin/dashboard: the admin board, and "View course" opening the course form in the modal (the page
 * composes the two features; they do not import each other), named in the address as on the
 * contributor's board (`?edit=`).
 */
export function Component() {
  const edited = useEditedCourse();
  return (
    <>
      <AdminBoard onViewCourse={edited.open} />
      <EditCourseModal courseId={edited.openId} onClose={edited.close} />
    </>
  );
}
