import { useEffect, useRef } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { enhanceLanding } from '../enhance.ts';
import { AboutTabs } from './about-tabs.tsx';
import { FeaturedCourses, UpcomingCourses } from './course-sections.tsx';
import { Hero } from './hero.tsx';
import { JoinUs } from './join-us.tsx';
import { LandingFooter } from './landing-footer.tsx';
import { LandingHeader } from './landing-header.tsx';
import { LogoItems } from './logo-items.tsx';
import { OpenPractices } from './open-practices.tsx';
import { Supporters } from './supporters.tsx';

/**
 * The public landing page (description §1). Static markup: the browser gets it prerendered with
 * ../static-landing.ts as its only script (decision 034); on a client-side visit to `/` the same
 * script gives it its behaviour. Its skip link, before it, is the root route's, as on every page
 * (decision 201).
 */
export function LandingPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Open Science Community Saudi Arabia`);
  const page = useRef<HTMLDivElement>(null);
  useEffect(() => enhanceLanding(page.current!), []);
  return (
    <div ref={page} className="flex min-h-dvh flex-col bg-white">
      <LandingHeader />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <Hero />
        <LogoItems />
        <FeaturedCourses />
        <UpcomingCourses />
        <OpenPractices />
        <AboutTabs />
        <Supporters />
        <JoinUs />
      </main>
      <LandingFooter />
    </div>
  );
}
