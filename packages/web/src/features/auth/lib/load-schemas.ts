/**
 * The auth forms' schemas, each loaded when its form first validates (decision 038). Module-level
 * functions, so the resolver built from one stays the same from render to render.
 */
const schemas = () => import('./schemas.ts');

export const loadEmailSchema = () => schemas().then((module) => module.emailBodySchema);
export const loadLoginSchema = () => schemas().then((module) => module.loginBodySchema);
export const loadResetPasswordSchema = () => schemas().then((module) => module.resetPasswordBodySchema);
export const loadSignupSchema = () => schemas().then((module) => module.signupBodySchema);
