import { Outlet } from 'react-router';
import { DashboardHeader, DashboardPage } from '../features/layout/components/dashboard-header.tsx';

/**
 * Layout of /dashboard, /contributor/dashboard, /admin/dashboard and /course/add-course: the shared
 * header above the page. Each page renders its own `<main>` landmark.
 */
export function Component() {
  return (
    <DashboardPage>
      <DashboardHeader />
      <Outlet />
    </DashboardPage>
  );
}
