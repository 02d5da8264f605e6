import { LanguageToggle } from '../../../components/language-toggle.tsx';

/**
 * The landing page's language menu: the app's LanguageToggle, whose behaviour ../enhance.ts attaches
 * (with a reload into the prerendered page of the chosen language) instead of React.
 */
export function LandingLanguageMenu({
  className = '',
  align,
}: {
  className?: string;
  align?: 'start' | 'end';
}) {
  return <LanguageToggle className={className} live={false} align={align} />;
}
