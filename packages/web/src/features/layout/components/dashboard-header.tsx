import { Link } from 'react-router';
import { BrandLogo } from '../../../components/brand-logo.tsx';
import { LanguageToggle } from '../../../components/language-toggle.tsx';
import { paths } from '../../../lib/paths.ts';
import { ProfileMenu } from './profile-menu.tsx';
import { SearchBox } from './search-box.tsx';

/**
 * The dashboards' header (description §2 "Dashboard layout"): logo to /dashboard, course search,
 * language toggle, profile menu. On narrow screens the search box takes its own row.
 */
export function DashboardHeader() {
  return (
    <header className="sticky top-0 z-30 border-b border-gray-200 bg-white">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-3 px-4 py-3 sm:px-6">
        <Link to={paths.dashboard} className="shrink-0 rounded-md">
          <BrandLogo subtitle={false} />
        </Link>
        <SearchBox className="order-last w-full sm:order-none sm:ms-auto sm:w-72 lg:w-96" />
        <div className="ms-auto flex items-center gap-2 sm:ms-0">
          <LanguageToggle />
          <ProfileMenu />
        </div>
      </div>
    </header>
  );
}
