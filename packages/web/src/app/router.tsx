import { createBrowserRouter } from 'react-router';
import { redirectIfSignedIn, requireRole } from './guards.ts';

/**
 * Every screen of the description §2. Pages load on demand (code split by route), so the landing page
 * never downloads the dashboards, the PDF viewer or the authoring code.
 */
export const router = createBrowserRouter([
  {
    lazy: () => import('../routes/root-error.tsx'),
    children: [
      { path: '/', lazy: () => import('../routes/landing.tsx') },
      {
        lazy: () => import('../routes/auth-layout.tsx'),
        children: [
          { path: '/login', loader: redirectIfSignedIn, lazy: () => import('../routes/login.tsx') },
          {
            path: '/admin/login',
            loader: redirectIfSignedIn,
            lazy: () => import('../routes/admin-login.tsx'),
          },
          { path: '/signup', loader: redirectIfSignedIn, lazy: () => import('../routes/signup.tsx') },
          { path: '/forgotpassword', lazy: () => import('../routes/forgot-password.tsx') },
          { path: '/resetpassword', lazy: () => import('../routes/reset-password.tsx') },
          { path: '/verifyemail/:token', lazy: () => import('../routes/verify-email.tsx') },
          // Google and ORCID come back here (`/auth/google/callback`, `/auth/orcid/callback`).
          { path: '/auth/:provider/callback', lazy: () => import('../routes/oidc-callback.tsx') },
          // Public: the address printed and QR-coded on every certificate.
          { path: '/certificates/:id', lazy: () => import('../routes/certificate-verification.tsx') },
        ],
      },
      {
        lazy: () => import('../routes/dashboard-layout.tsx'),
        children: [
          {
            path: '/dashboard',
            loader: requireRole(),
            lazy: () => import('../routes/learner-dashboard.tsx'),
          },
          {
            path: '/contributor/dashboard',
            loader: requireRole('Contributor'),
            lazy: () => import('../routes/contributor-dashboard.tsx'),
          },
          {
            path: '/admin/dashboard',
            loader: requireRole('SuperAdmin'),
            lazy: () => import('../routes/admin-dashboard.tsx'),
          },
          {
            path: '/course/add-course',
            loader: requireRole('Contributor', 'SuperAdmin'),
            lazy: () => import('../routes/add-course.tsx'),
          },
        ],
      },
      { path: '/course/:id', loader: requireRole(), lazy: () => import('../routes/course-viewer.tsx') },
      { path: '*', lazy: () => import('../routes/not-found.tsx') },
    ],
  },
]);
