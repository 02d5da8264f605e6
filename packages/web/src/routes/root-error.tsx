import { Outlet } from 'react-router';

// Placeholder: the router error screen is built by the shell's owner.
export function Component() {
  return <Outlet />;
}
