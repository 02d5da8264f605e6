import { z } from 'zod';
import { LANGUAGES, LIMITS, ROLES, SIGNUP_ROLES } from '../common/constants.ts';
import { looksBlank, noControls, noDirectionControls, oneLine } from '../common/text.ts';
import { isReturnAfterSignup } from './return-path.ts';

/**
 * The course to come back to after verifying and logging in (decision 200), carried in the
 * verification link: only a course's path (`isReturnAfterSignup`); anything else is refused. It may be
 * left out, so a `null` is not a missing value ("required", as the type errors of required fields read)
 * but one of the wrong type.
 */
const returnAfterSignup = z
  .string({ error: 'invalid_type' })
  .refine(isReturnAfterSignup, { message: 'invalid' })
  .optional();

/**
 * A name: one line, however it was pasted (tabs, line breaks and runs of spaces become one space), and
 * no other control characters (`noControls`) nor direction overrides (`noDirectionControls`), and
 * something visible (`looksBlank`).
 */
const personName = (max: number) =>
  z
    .string()
    .transform(oneLine)
    .pipe(
      z
        .string()
        .min(1)
        .max(max)
        // A name of nothing visible is missing, said once (isolates alone are also direction controls).
        .refine((value) => !looksBlank(value), { message: 'required', abort: true })
        .refine(noControls, { message: 'invalid' })
        .refine(noDirectionControls, { message: 'invalid' }),
    );
export const emailSchema = z.string().trim().toLowerCase().max(LIMITS.emailMax).pipe(z.email());
export const passwordSchema = z.string().min(LIMITS.passwordMin).max(LIMITS.passwordMax);

export const signupBodySchema = z
  .object({
    firstname: personName(LIMITS.nameMax),
    lastname: personName(LIMITS.nameMax),
    email: emailSchema,
    password: passwordSchema,
    passwordConfirm: z.string().min(1),
    // A missing role reads "required", not "not one of the allowed choices".
    role: z.enum(SIGNUP_ROLES, {
      error: (issue) => (issue.input === undefined ? 'required' : 'invalid_option'),
    }),
    preferred_language: z.enum(LANGUAGES).optional(),
    next: returnAfterSignup,
  })
  .refine((body) => body.password === body.passwordConfirm, {
    message: 'passwords_mismatch',
    path: ['passwordConfirm'],
  });
export type SignupBody = z.infer<typeof signupBodySchema>;

export const loginBodySchema = z.object({
  email: emailSchema,
  password: z.string().min(1).max(LIMITS.passwordMax),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const emailBodySchema = z.object({ email: emailSchema });
export type EmailBody = z.infer<typeof emailBodySchema>;

/** `POST /auth/resend-verification`: the address, and the course its new link leads back to (decision 200). */
export const resendVerificationBodySchema = emailBodySchema.extend({ next: returnAfterSignup });
export type ResendVerificationBody = z.infer<typeof resendVerificationBodySchema>;

export const resetPasswordBodySchema = z.object({
  password_reset_code: z
    .string()
    .trim()
    .min(1)
    .max(LIMITS.resetCodeLength + 4),
  new_password: passwordSchema,
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

export const googleSignInBodySchema = z.object({ role: z.enum(SIGNUP_ROLES).default('EndUser') });

export const userSchema = z.object({
  _id: z.string(),
  email: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  role: z.enum(ROLES),
  preferred_language: z.enum(LANGUAGES),
});
export type User = z.infer<typeof userSchema>;

export const signupResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ user: userSchema }),
});

export const loginResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ access_token: z.string(), user: userSchema }),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/**
 * `POST /auth/oidc/:provider`: signed in, or (a provider that shares no e-mail, e.g. ORCID) asked for
 * an address, to be posted with `ticket` to `POST /auth/oidc/email`.
 */
export const oidcSignInResponseSchema = z.object({
  success: z.literal(true),
  data: z.union([
    loginResponseSchema.shape.data,
    z.object({ email_required: z.literal(true), ticket: z.string() }),
  ]),
});
export type OidcSignInResponse = z.infer<typeof oidcSignInResponseSchema>;

export const oidcEmailBodySchema = z.object({
  ticket: z.string().min(1).max(4000),
  email: emailSchema,
});

/**
 * `PATCH /auth/user`: what the signed-in user may change of their own account. For now their preferred
 * language: the language of the mails the server writes them without a page to ask (decision 137).
 */
export const updateUserBodySchema = z.object({ preferred_language: z.enum(LANGUAGES) });
export type UpdateUserBody = z.infer<typeof updateUserBodySchema>;

export const userResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ user: userSchema }),
});

export const forgotPasswordResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ message: z.string(), access_token: z.string() }),
});

export const resetPasswordResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ message: z.string() }),
});

/**
 * Public, non-secret client configuration the browser needs before sign-in. To start Google sign-in
 * the browser redirects to `authorizationEndpoint` with `client_id`, `redirect_uri` (exactly
 * `redirectUri`), `response_type=code`, `scope=openid email profile` and its own `state`, then posts
 * the returned code to `POST /auth/googlesignin`.
 */
export const OIDC_PROVIDERS = ['google', 'orcid'] as const;
export type OidcProvider = (typeof OIDC_PROVIDERS)[number];

const oidcProviderConfigSchema = z.object({
  enabled: z.boolean(),
  clientId: z.string().nullable(),
  authorizationEndpoint: z.string().nullable(),
  redirectUri: z.string(),
  /** The `scope` of the authorization request. */
  scope: z.string(),
});
export type OidcProviderConfig = z.infer<typeof oidcProviderConfigSchema>;

export const authConfigResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ google: oidcProviderConfigSchema, orcid: oidcProviderConfigSchema }),
});
export type AuthConfig = z.infer<typeof authConfigResponseSchema>['data'];
