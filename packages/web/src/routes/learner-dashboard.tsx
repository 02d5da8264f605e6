import { CourseCatalogue } from '../features/learner/components/course-catalogue.tsx';

/** /dashboard: the learner's catalogue of approved courses (searchable from the header). */
export function Component() {
  return (
    <main className="flex-1">
      <CourseCatalogue />
    </main>
  );
}
