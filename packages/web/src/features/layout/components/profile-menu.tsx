import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { FiChevronDown, FiLogOut, FiUser } from 'react-icons/fi';
import { currentUserQuery } from '../../../lib/session.ts';
import { logout } from '../../../lib/logout.ts';

/**
 * The profile button and its dropdown: the signed-in user's name and e-mail, and "Log Out". Closes on
 * an outside click and on Escape and is fully keyboard operable (Radix menu). If the profile cannot be
 * loaded, the menu still offers Log Out (description §8: that failure is only logged).
 */
export function ProfileMenu() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const user = useQuery(currentUserQuery);
  const name = user.data ? `${user.data.firstname} ${user.data.lastname}`.trim() : '';
  const initials = user.data
    ? `${user.data.firstname.charAt(0)}${user.data.lastname.charAt(0)}`.toUpperCase()
    : '';

  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        className="inline-flex min-h-10 items-center gap-1.5 rounded-full border border-gray-300 bg-white p-1 pe-2 text-ink hover:bg-gray-50"
        aria-label={name ? t`Profile: ${name}` : t`Profile`}
        data-testid="profile-button"
      >
        <span
          aria-hidden="true"
          className="flex size-8 items-center justify-center rounded-full bg-primary-darker text-sm font-bold text-white"
        >
          {initials || <FiUser />}
        </span>
        <FiChevronDown aria-hidden="true" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 w-64 max-w-[calc(100vw-1rem)] rounded-md border border-gray-200 bg-white p-1 shadow-lg"
        >
          {user.data ? (
            <DropdownMenu.Label className="border-b border-gray-200 px-3 py-2">
              <span className="block font-semibold break-words text-ink" dir="auto">
                {name}
              </span>
              <span className="block text-sm break-all text-muted">
                <bdi>{user.data.email}</bdi>
              </span>
            </DropdownMenu.Label>
          ) : null}
          <DropdownMenu.Item
            onSelect={() => void logout(navigate)}
            className="mt-1 flex cursor-pointer items-center gap-2 rounded px-3 py-2 text-sm font-semibold text-ink outline-none data-[highlighted]:bg-primary-light"
          >
            <FiLogOut aria-hidden="true" className="rtl:-scale-x-100" />
            <Trans>Log Out</Trans>
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
