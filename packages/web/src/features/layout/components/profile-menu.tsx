import { useEffect, useId, useRef } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { FiChevronDown, FiLogOut, FiUser } from 'react-icons/fi';
import { directionOf } from '../../../i18n/i18n.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { currentUserQuery, logout } from '../../../lib/session.ts';
import { menuButton } from '../../../lib/menu.ts';
import { notify } from '../../../lib/toast.ts';

/**
 * The profile button and its menu: the signed-in user's name and e-mail, and "Log Out". Closes on
 * an outside click and on Escape and is fully keyboard operable (lib/menu.ts, the same menu button
 * as the language menu: no Radix or Floating UI on the dashboards, decision 037). If the profile
 * cannot be loaded, the menu still offers Log Out (description §8: that failure is only logged).
 */
export function ProfileMenu() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const language = useLanguage();
  const user = useQuery(currentUserQuery);
  const id = useId();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!ref.current) return;
    const controller = new AbortController();
    menuButton(ref.current, controller.signal, () => {});
    return () => controller.abort();
  }, []);
  const name = user.data ? `${user.data.firstname} ${user.data.lastname}`.trim() : '';
  const initials = user.data
    ? `${user.data.firstname.charAt(0)}${user.data.lastname.charAt(0)}`.toUpperCase()
    : '';

  return (
    <div ref={ref} className="relative">
      <button
        type="button"
        aria-haspopup="menu"
        aria-expanded="false"
        aria-controls={id}
        className="inline-flex min-h-10 items-center gap-1.5 rounded-full border border-gray-300 bg-white p-1 pe-2 text-ink hover:bg-gray-50"
        data-testid="profile-button"
      >
        {/* Named by its content, the initials first: a name that left out the visible initials would
            not be what a speech user says to press it (WCAG 2.5.3, label in name). */}
        <span className="flex size-8 items-center justify-center rounded-full bg-primary-darker text-sm font-bold text-white">
          {initials || <FiUser aria-hidden="true" />}
        </span>
        <span className="sr-only">{name ? t`Profile: ${name}` : t`Profile`}</span>
        <FiChevronDown aria-hidden="true" />
      </button>
      <div
        id={id}
        role="menu"
        dir={directionOf(language)}
        hidden
        className="absolute end-0 top-full z-50 mt-2 w-64 max-w-[calc(100vw-1rem)] rounded-md border border-gray-200 bg-white p-1 shadow-lg"
      >
        {user.data ? (
          <div className="border-b border-gray-200 px-3 py-2">
            <span className="block font-semibold break-words text-ink">
              <bdi>{name}</bdi>
            </span>
            <span className="block text-sm wrap-break-word text-muted">
              <bdi>{user.data.email}</bdi>
            </span>
          </div>
        ) : null}
        <button
          type="button"
          role="menuitem"
          tabIndex={-1}
          onClick={() =>
            void logout(navigate).then((reached) => {
              // Signed out here; the server is asked again until it ends the session (decision 197).
              if (!reached)
                notify.info(
                  t`You are signed out on this device. The session has not been ended on the server yet; this page keeps trying.`,
                );
            })
          }
          className="mt-1 flex w-full cursor-pointer items-center gap-2 rounded px-3 py-2 text-sm font-semibold text-ink outline-none hover:bg-primary-light focus:bg-primary-light"
        >
          <FiLogOut aria-hidden="true" className="rtl:-scale-x-100" />
          <Trans>Log Out</Trans>
        </button>
      </div>
    </div>
  );
}
