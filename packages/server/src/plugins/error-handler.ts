import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { describeIssue, issuePath, type ErrorCode, type ErrorEnvelope, type Language } from '@app/shared';
import { AppError, BodyValidationError } from '../lib/errors.ts';
import { common, validationMessages } from '../lib/common.messages.ts';
import { localize, type Localized } from '../lib/localize.ts';
import { isDatabaseUnavailable, warnDatabaseUnavailable } from '../db/availability.ts';

/** One JSON shape for every error (api.md "Envelope"), in the caller's language, never with internals. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const lang = request.lang;
    const send = (
      status: number,
      code: ErrorCode,
      message: Localized,
      params?: Record<string, string | number>,
    ) => {
      const body: ErrorEnvelope = { success: false, message: localize(lang, message, params), code };
      return reply.status(status).send(body);
    };

    if (error instanceof BodyValidationError) {
      const body: ErrorEnvelope = {
        success: false,
        message: localize(lang, common.validationFailed),
        code: 'VALIDATION_FAILED',
        errors: error.issues.map((issue) => ({
          path: [error.prefix, issuePath(issue)].filter(Boolean).join('.'),
          message: issueMessage(lang, issue),
        })),
      };
      return reply.status(400).send(body);
    }
    if (error instanceof AppError) {
      if (error.statusCode === 429) retryLater(reply);
      return send(error.statusCode, error.code, error.localized, error.params);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const body: ErrorEnvelope = {
        success: false,
        message: localize(lang, common.validationFailed),
        code: 'VALIDATION_FAILED',
        errors: error.validation.map((issue) => {
          const zodIssue = {
            ...issue.params,
            code: issue.keyword,
            message: issue.message,
            path: [],
          } as unknown as z.core.$ZodIssue;
          const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
          return { path, message: issueMessage(lang, zodIssue) };
        }),
      };
      return reply.status(400).send(body);
    }
    switch (error.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return send(400, 'INVALID_JSON', common.invalidJson);
      case 'FST_REQ_FILE_TOO_LARGE':
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
      case 'FST_PARTS_LIMIT':
      case 'FST_FILES_LIMIT':
        return send(413, 'FILE_TOO_LARGE', common.fileTooLarge, { max: app.env.MAX_UPLOAD_BYTES });
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
        return send(415, 'UNSUPPORTED_FILE_TYPE', common.unsupportedMediaType);
    }
    if (error.statusCode === 429) {
      retryLater(reply);
      return send(429, 'RATE_LIMITED', common.rateLimited);
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return send(error.statusCode, 'VALIDATION_FAILED', common.validationFailed);
    }
    if (isDatabaseUnavailable(error)) {
      warnDatabaseUnavailable(request.log, error);
      void reply.header('retry-after', '5');
      return send(503, 'DATABASE_UNAVAILABLE', common.databaseUnavailable);
    }
    request.log.error({ err: error, reqId: request.id }, 'unexpected error');
    return send(500, 'INTERNAL', common.internal);
  });
}

function issueMessage(lang: Language, issue: z.core.$ZodIssue): string {
  const { key, limit } = describeIssue(issue);
  return localize(lang, validationMessages[key], { limit: limit ?? '' });
}

/** The rate limiter sets the real wait; our own 429s (per-account limits) fall back to a minute. */
function retryLater(reply: FastifyReply) {
  if (!reply.hasHeader('retry-after')) void reply.header('retry-after', '60');
}
