import { useLayoutEffect, useRef, type HTMLAttributes, type ReactNode, type RefObject } from 'react';
import { Link, useLocation } from 'react-router';
import { BrandLogo } from '../../../components/brand-logo.tsx';
import { LanguageToggle } from '../../../components/language-toggle.tsx';
import { StickyHeader } from '../../../components/sticky-header.tsx';
import { paths } from '../../../lib/paths.ts';
import { useMediaQuery } from '../../../lib/use-media-query.ts';
import { ProfileMenu } from './profile-menu.tsx';
import { SearchBox } from './search-box.tsx';

/** The screens whose course list the header's box searches: the catalogue and the two boards. */
const SEARCHABLE: readonly string[] = [paths.dashboard, paths.contributorDashboard, paths.adminDashboard];

/** Tailwind's `sm`: from this width the header is one row. */
const ONE_ROW_QUERY = '(min-width: 640px)';

/**
 * The dashboards' header (description §2 "Dashboard layout"): logo to /dashboard, course search,
 * language toggle, profile menu. The box searches the course list on screen (decision 056), so it is
 * not on the course form, whose unsaved input a search would leave. On narrow screens it takes its own
 * row.
 */
export function DashboardHeader() {
  const searchable = SEARCHABLE.includes(useLocation().pathname);
  // Tab follows what is seen (decision 207): the box comes between the logo and the menus from 640 px,
  // on a row of its own below them on a phone. CSS `order` would move it on screen only, not in Tab
  // order, so the menus are drawn before or after it instead. The box keeps its place among the
  // children: crossing 640 px (a phone turned) keeps the node, with its focus, caret and the term
  // typed in the last 300 ms, not yet in the address.
  const oneRow = useMediaQuery(ONE_ROW_QUERY);
  const focusedMenuRef = useRef(-1);
  const menus = (
    <HeaderMenus className={`ms-auto ${searchable ? 'sm:ms-0' : ''}`} focusedMenuRef={focusedMenuRef} />
  );
  return (
    <HeaderBar>
      <Link to={paths.dashboard} className="shrink-0 rounded-md">
        <BrandLogo subtitle={false} markOnlyBelow360 />
      </Link>
      {oneRow ? null : menus}
      {searchable ? <SearchBox className="w-full sm:ms-auto sm:w-72 lg:w-96" /> : null}
      {oneRow ? menus : null}
    </HeaderBar>
  );
}

/**
 * The language and profile menus. Moved across the search box, they are drawn anew: the menu whose
 * button had focus gives it to its new button, so a keyboard or screen reader user turning the phone
 * is not sent back to the top of the page. An open list closes (the new one is drawn closed), and the
 * focus in it goes to its menu's button likewise. `focusedMenuRef` is that menu's place, handed from
 * the old node to the new one.
 */
function HeaderMenus({
  className,
  focusedMenuRef,
}: {
  className: string;
  focusedMenuRef: RefObject<number>;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const menus = ref.current!;
    menus.children[focusedMenuRef.current]?.querySelector('button')?.focus();
    focusedMenuRef.current = -1;
    // Layout effects end before React takes their node out of the page, while it still holds focus.
    return () => {
      focusedMenuRef.current = [...menus.children].findIndex((menu) => menu.contains(document.activeElement));
    };
  }, [focusedMenuRef]);
  return (
    <div ref={ref} className={`flex items-center gap-2 ${className}`}>
      <LanguageToggle />
      <ProfileMenu />
    </div>
  );
}

/** The dashboards' page: the header above the screen, on the boards' grey. */
export function DashboardPage({
  children,
  ...rest
}: { children: ReactNode } & HTMLAttributes<HTMLDivElement>) {
  return (
    <div className="flex min-h-screen flex-col bg-gray-50" {...rest}>
      {children}
    </div>
  );
}

/**
 * The header's bar, logo first. The app shell's placeholder (app/shell-placeholder.tsx) draws the same
 * bar before the app has run, so the logo stays where it is when the app takes over.
 */
export function HeaderBar({ children, ...rest }: { children: ReactNode } & HTMLAttributes<HTMLElement>) {
  return (
    <StickyHeader {...rest}>
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-3 px-4 py-3 sm:px-6">
        {children}
      </div>
    </StickyHeader>
  );
}
