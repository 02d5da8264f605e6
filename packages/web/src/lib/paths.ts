/** Every route of the product (description §2), in one place. */
export const paths = {
  home: '/',
  login: '/login',
  adminLogin: '/admin/login',
  signup: '/signup',
  forgotPassword: '/forgotpassword',
  resetPassword: '/resetpassword',
  verifyEmail: (token: string) => `/verifyemail/${encodeURIComponent(token)}`,
  oidcCallback: (provider: 'google' | 'orcid') => `/auth/${provider}/callback`,
  dashboard: '/dashboard',
  contributorDashboard: '/contributor/dashboard',
  adminDashboard: '/admin/dashboard',
  addCourse: '/course/add-course',
  course: (id: string) => `/course/${encodeURIComponent(id)}`,
  certificate: (id: string) => `/certificates/${encodeURIComponent(id)}`,
} as const;

/**
 * The course viewer's selected lesson (or certificate) in its address, `/course/{id}?resource=…`, so a
 * reload or Back keeps the learner's place; without it the viewer opens on the course's welcome.
 */
export const SELECTED_LESSON_PARAM = 'resource';
