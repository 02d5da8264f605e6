// Placeholder: replaced by the page's owner.
import { Outlet } from 'react-router';
export function Component() {
  return <Outlet />;
}
