/**
 * The e-mail address typed on one sign-in page, carried to the page it leads to ("Forgot Password?"
 * from Log In, Log In after a reset), so it is not typed twice. In the router's state: this tab's
 * history only, never the address bar or the server's logs.
 */
export const carryEmail = (email: string) => ({ email: email.trim() });

/** The address carried here by `carryEmail`, or '' (a direct visit, another state). */
export function carriedEmail(state: unknown): string {
  const email = (state as { email?: unknown } | null)?.email;
  return typeof email === 'string' ? email : '';
}
