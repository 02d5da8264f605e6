/**
 * The auth forms' schemas: the module `load-schemas.ts` loads on a form's first validation, so zod
 * is its own chunk, off the auth pages' first paint (decision 038). Named re-exports: importing the
 * shared barrel itself dynamically would make the bundler keep every shared export reachable.
 */
export { emailBodySchema, loginBodySchema, resetPasswordBodySchema, signupBodySchema } from '@app/shared';
