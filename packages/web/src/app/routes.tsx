import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import type { Role } from '@app/shared';
import { requireCatalogs, type CatalogName } from '../i18n/i18n.ts';
import type * as Guards from './guards.ts';
import * as Root from '../routes/root-error.tsx';
import * as NotFound from '../routes/not-found.tsx';
import { loadRouteCode } from '../lib/route-code.ts';

/**
 * A lazy route module together with the message catalogs its screen needs. Fetched again, the
 * navigation waiting, when the server did not answer (`loadRouteCode`): the router keeps a failed
 * `lazy` as failed for good.
 */
const page =
  <T,>(load: () => Promise<T>, ...catalogs: CatalogName[]) =>
  async () =>
    (await loadRouteCode(() => Promise.all([load(), requireCatalogs(...catalogs)])))[0];

const loadGuards = () => loadRouteCode(() => import('./guards.ts'));

// The guards need the session, React Query and the API client; loading them only when a guarded
// route is entered keeps all three off the landing page. The prerender (SSR) has no session at all.
const guard = (pick: (guards: typeof Guards) => (args: LoaderFunctionArgs) => Promise<unknown>) =>
  import.meta.env.SSR ? undefined : async (args: LoaderFunctionArgs) => pick(await loadGuards())(args);
const signedOutOnly = guard((guards) => guards.redirectIfSignedIn);
const role = (...roles: Role[]) => guard((guards) => guards.requireRole(...roles));

/** A route module that loads its first screen's data itself (decision 044). */
type Prefetching = { prefetch(args: LoaderFunctionArgs): Promise<unknown> };
/**
 * A learner's screen that the app shell may have prepared (app/first-screens.ts): after the role
 * check, its loader waits for the data the shell already asked for, so that the first render shows
 * it instead of a spinner and then the content in a second long task.
 */
const learnerScreen = <T extends Prefetching>(load: () => Promise<T>, ...catalogs: CatalogName[]) => ({
  loader: import.meta.env.SSR
    ? undefined
    : async (args: LoaderFunctionArgs) => {
        const [guards, module] = await Promise.all([loadGuards(), loadRouteCode(load)]);
        await guards.requireRole()(args);
        await module.prefetch(args);
        return null;
      },
  lazy: page(load, ...catalogs),
});

/**
 * Screens that open with a header bar (the dashboards', the course viewer's): the server sends them the
 * app shell that paints its header placeholder (decision 045); the others (e-mail verification, the
 * certificate check, the sign-in callback) open in the auth layout and get the shell without it.
 */
const HEADER_PLACEHOLDER = { headerPlaceholder: true };

/**
 * Every screen of the description §2. Pages load on demand (code split by route), so the landing page
 * never downloads the dashboards, the PDF viewer or the authoring code. Ids are fixed because the
 * prerendered pages are hydrated with data keyed by them (main.tsx).
 */
export const routes: RouteObject[] = [
  {
    // Not lazy: every page the app runs renders it, so it travels in the entry's file (decision 047).
    id: 'root',
    Component: Root.Component,
    ErrorBoundary: Root.ErrorBoundary,
    children: [
      { id: 'landing', path: '/', lazy: page(() => import('../routes/landing.tsx'), 'landing') },
      {
        // Everything that talks to the API: React Query, toasts, the session-expiry handler.
        id: 'data',
        lazy: page(() => import('../routes/data-layout.tsx')),
        children: [
          {
            id: 'auth',
            lazy: page(() => import('../routes/auth-layout.tsx'), 'auth'),
            children: [
              {
                id: 'login',
                path: '/login',
                loader: signedOutOnly,
                lazy: page(() => import('../routes/login.tsx')),
              },
              {
                id: 'admin-login',
                path: '/admin/login',
                loader: signedOutOnly,
                lazy: page(() => import('../routes/admin-login.tsx')),
              },
              {
                id: 'signup',
                path: '/signup',
                loader: signedOutOnly,
                lazy: page(() => import('../routes/signup.tsx')),
              },
              {
                id: 'forgot-password',
                path: '/forgotpassword',
                lazy: page(() => import('../routes/forgot-password.tsx')),
              },
              {
                id: 'reset-password',
                path: '/resetpassword',
                lazy: page(() => import('../routes/reset-password.tsx')),
              },
              { path: '/verifyemail/:token', lazy: page(() => import('../routes/verify-email.tsx')) },
              // Google and ORCID come back here (`/auth/google/callback`, `/auth/orcid/callback`).
              { path: '/auth/:provider/callback', lazy: page(() => import('../routes/oidc-callback.tsx')) },
              // Public: the address printed and QR-coded on every certificate.
              {
                path: '/certificates/:id',
                lazy: page(() => import('../routes/certificate-verification.tsx'), 'certificates'),
              },
            ],
          },
          {
            lazy: page(() => import('../routes/dashboard-layout.tsx'), 'layout'),
            handle: HEADER_PLACEHOLDER,
            children: [
              {
                path: '/dashboard',
                ...learnerScreen(() => import('../routes/learner-dashboard.tsx'), 'learner'),
              },
              {
                path: '/contributor/dashboard',
                loader: role('Contributor'),
                lazy: page(() => import('../routes/contributor-dashboard.tsx'), 'authoring'),
              },
              {
                path: '/admin/dashboard',
                loader: role('SuperAdmin'),
                lazy: page(() => import('../routes/admin-dashboard.tsx'), 'admin', 'authoring'),
              },
              {
                path: '/course/add-course',
                loader: role('Contributor', 'SuperAdmin'),
                lazy: page(() => import('../routes/add-course.tsx'), 'authoring'),
              },
            ],
          },
          {
            path: '/course/:id',
            handle: HEADER_PLACEHOLDER,
            // The certificate panel shows the Open Badge downloads of features/certificates.
            ...learnerScreen(() => import('../routes/course-viewer.tsx'), 'learner', 'certificates'),
          },
        ],
      },
      // Not lazy either: the root's error boundary shows the same page for a thrown 404.
      { id: 'not-found', path: '*', Component: NotFound.Component },
    ],
  },
];
