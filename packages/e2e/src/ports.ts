/** Each e2e run uses its own ports (E2E_PORT) so parallel runs on one machine do not collide. */
export const APP_PORT = Number(process.env.E2E_PORT ?? 4310);
export const MAIL_HTTP_PORT = APP_PORT + 1;
export const MAIL_SMTP_PORT = APP_PORT + 2;
export const BASE_URL = `http://127.0.0.1:${APP_PORT}`;
export const MAIL_URL = `http://127.0.0.1:${MAIL_HTTP_PORT}`;
export const ADMIN = { email: 'admin@e2e.test', password: 'admin-password-e2e' } as const;
/** The local OpenID provider standing in for ORCID: mounted on the mail catcher's HTTP port. */
export const ORCID_ISSUER = `${MAIL_URL}/oidc`;
export const ORCID_CLIENT = { id: 'e2e-orcid-client', secret: 'e2e-orcid-client-secret-0123456789' } as const;
