import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  emailBodySchema,
  resendVerificationBodySchema,
  forgotPasswordResponseSchema,
  loginBodySchema,
  loginResponseSchema,
  messageResponseSchema,
  resetPasswordBodySchema,
  resetPasswordResponseSchema,
  signupBodySchema,
  signupResponseSchema,
  updateUserBodySchema,
  userResponseSchema,
} from '@app/shared';
import { AppError } from '../../lib/errors.ts';
import { localize } from '../../lib/localize.ts';
import { revokeSession } from '../../lib/sessions.ts';
import { bearerToken } from '../../lib/tokens.ts';
import { currentUser } from '../../plugins/authenticate.ts';
import {
  FAILED_LOGINS_PER_ACCOUNT,
  FAILED_LOGINS_PER_ADDRESS,
  MAILS_PER_ACCOUNT,
  hourlyMails,
  PER_IP_PER_MINUTE,
  accountCounter,
  addressCounter,
  perIp,
} from './auth.limits.ts';
import { authMessages } from './auth.messages.ts';
import { authService } from './auth.service.ts';
import { registerOidcRoutes } from './oidc.routes.ts';
import { passwordResetService } from './password-reset.service.ts';

const tags = ['auth'];
const bearer = [{ bearer: [] }];

/** The Auth routes of api.md, under /api/v1/auth. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = authService(app);
  const resets = passwordResetService(app);
  // Failed sign-ins, per client address and per account (decision 092): either one used up refuses.
  const failedLogins = [
    addressCounter(app, 'login-failures-ip', FAILED_LOGINS_PER_ADDRESS),
    accountCounter(app, 'login-failures', FAILED_LOGINS_PER_ACCOUNT),
  ];
  const verificationMails = accountCounter(app, 'verification-mails', MAILS_PER_ACCOUNT);
  const resetMails = accountCounter(app, 'reset-mails', MAILS_PER_ACCOUNT);
  const mailsThisHour = hourlyMails(app);

  app.post(
    '/auth/signup',
    {
      config: perIp(PER_IP_PER_MINUTE.signup),
      schema: {
        tags,
        summary: 'Create an EndUser or Contributor account and e-mail a verification link',
        body: signupBodySchema,
        response: { 201: signupResponseSchema },
      },
    },
    async (request, reply) => {
      await verificationMails.take(request);
      await mailsThisHour.take(request);
      const user = await auth.signup(request.body, request.lang);
      return reply
        .status(201)
        .send({ success: true, message: localize(request.lang, authMessages.signedUp), data: { user } });
    },
  );

  app.get(
    '/auth/verifyemail/:token',
    {
      config: perIp(PER_IP_PER_MINUTE.verify),
      schema: {
        tags,
        summary: 'Confirm an e-mail address with the single-use link token',
        params: z.object({ token: z.string().min(1).max(256) }),
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      await auth.verifyEmail(request.params.token);
      return { success: true as const, message: localize(request.lang, authMessages.emailVerified) };
    },
  );

  app.post(
    '/auth/resend-verification',
    {
      config: perIp(PER_IP_PER_MINUTE.resend),
      schema: {
        tags,
        summary: 'E-mail a new verification link (always answers 200)',
        body: resendVerificationBodySchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request, reply) => {
      await verificationMails.take(request);
      await mailsThisHour.take(request);
      // Made after the answer, whatever the address: its time tells no account apart (decision 136).
      app.afterAnswers.run(reply, await auth.resendVerification(request.body, request.askedLang));
      return { success: true as const, message: localize(request.lang, authMessages.verificationResent) };
    },
  );

  for (const [url, adminOnly] of [
    ['/auth/login', false],
    ['/auth/login-admin', true],
  ] as const) {
    app.post(
      url,
      {
        config: perIp(adminOnly ? PER_IP_PER_MINUTE.loginAdmin : PER_IP_PER_MINUTE.login),
        schema: {
          tags,
          summary: adminOnly
            ? 'Sign in as SuperAdmin (anyone else: 403 UNAUTHORIZED_ROLE)'
            : 'Sign in with e-mail and password',
          body: loginBodySchema,
          response: { 200: loginResponseSchema },
        },
      },
      async (request) => {
        // Room is made in one order (address, then account): a request waiting for room on an
        // account already holds its address's, so no two requests ever wait for each other.
        const releases: (() => void)[] = [];
        try {
          for (const failures of failedLogins) releases.push(await failures.reserve(request));
          return { success: true as const, data: await auth.login(request.body, { adminOnly }) };
        } catch (error) {
          if (error instanceof AppError && error.code === 'INVALID_CREDENTIALS')
            for (const failures of failedLogins) await failures.count(request);
          throw error;
        } finally {
          for (const release of releases) release();
        }
      },
    );
  }

  app.post(
    '/auth/forgotpassword',
    {
      config: perIp(PER_IP_PER_MINUTE.forgot),
      schema: {
        tags,
        summary: 'E-mail a 6-digit reset code; returns the token naming this reset request',
        body: emailBodySchema,
        response: { 200: forgotPasswordResponseSchema },
      },
    },
    async (request, reply) => {
      await resetMails.take(request);
      await mailsThisHour.take(request);
      // The language of the page asking (the web app sends it), else the account's (decision 131).
      const { accessToken, afterAnswer } = await resets.requestReset(request.body.email, request.askedLang);
      // The mail is queued after the answer: its time tells no account apart (decision 136).
      app.afterAnswers.run(reply, afterAnswer);
      return {
        success: true as const,
        data: { message: localize(request.lang, authMessages.resetCodeSent), access_token: accessToken },
      };
    },
  );

  app.patch(
    '/auth/resetpassword',
    {
      config: perIp(PER_IP_PER_MINUTE.reset),
      schema: {
        tags,
        summary: 'Set a new password with the e-mailed code (Bearer: the forgot-password token)',
        security: bearer,
        body: resetPasswordBodySchema,
        response: { 200: resetPasswordResponseSchema },
      },
    },
    async (request) => {
      await resets.resetPassword(bearerToken(request.headers.authorization), request.body);
      await app.caches.settle(); // every revoked session has left the session cache
      return {
        success: true as const,
        data: { message: localize(request.lang, authMessages.passwordReset) },
      };
    },
  );

  app.get(
    '/auth/user',
    {
      onRequest: app.guards.authenticate,
      schema: {
        tags,
        summary: 'The signed-in user',
        security: bearer,
        response: { 200: userResponseSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      return {
        success: true as const,
        data: {
          user: {
            _id: user.id,
            email: user.email,
            firstname: user.firstname,
            lastname: user.lastname,
            role: user.role,
            preferred_language: user.preferredLanguage,
          },
        },
      };
    },
  );

  app.patch(
    '/auth/user',
    {
      onRequest: app.guards.authenticate,
      schema: {
        tags,
        summary: "Change the signed-in user's preferred language (the language of their e-mails)",
        security: bearer,
        body: updateUserBodySchema,
        response: { 200: userResponseSchema },
      },
    },
    async (request) => {
      // Only one's own account: the session names it; no id is taken from the request.
      const user = await auth.changePreferredLanguage(
        currentUser(request).id,
        request.body.preferred_language,
      );
      // The cached session carries the old language until the change's notification evicts it: a
      // `GET /auth/user` right after reads the new one (decision 019).
      await app.caches.settle();
      return { success: true as const, data: { user } };
    },
  );

  app.post(
    '/auth/logout',
    {
      onRequest: app.guards.authenticate,
      schema: {
        tags,
        summary: 'Revoke the current session; its token stops working at once',
        security: bearer,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      await revokeSession(app.db, currentUser(request).sessionId);
      await app.caches.settle(); // the session cache has dropped it before we answer (decision 019)
      return { success: true as const, message: localize(request.lang, authMessages.loggedOut) };
    },
  );

  registerOidcRoutes(app, auth, mailsThisHour);
};
