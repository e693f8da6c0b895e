import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { type ErrorKey, errorCatalogue, errorMessages, parseLanguage } from '@padhub/contracts';
import { AppError } from '#server/lib/errors.ts';

/**
 * A message that says when to try again (`{{minutes}}`) gets the minutes of the answer's `retryAfter`
 * (seconds), rounded up; one that names a limit (`{{limit}}`) gets the answer's `limit`.
 */
function filled(message: string, data: unknown): string {
  const { retryAfter: seconds, limit } = (data ?? {}) as { retryAfter?: unknown; limit?: unknown };
  const withMinutes = typeof seconds === 'number' ? message.replace('{{minutes}}', String(Math.max(1, Math.ceil(seconds / 60)))) : message;
  return typeof limit === 'number' ? withMinutes.replace('{{limit}}', String(limit)) : withMinutes;
}

function send(request: FastifyRequest, reply: FastifyReply, key: ErrorKey, data?: unknown) {
  const lang = request.lang ?? parseLanguage(request.headers['accept-language']) ?? 'en';
  const { code, status } = errorCatalogue[key];
  return reply.status(status).send({ code, message: filled(errorMessages[key][lang], data), ...(data === undefined ? {} : { data }) });
}

const statusKeys: Record<number, ErrorKey> = {
  400: 'validation_failed',
  401: 'login_required',
  403: 'forbidden',
  404: 'not_found',
  405: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'validation_failed',
  429: 'rate_limited',
  503: 'unavailable',
};

/** Every failure leaves as `{ code, message, data? }` with the honest status and a translated message. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      reply.headers(error.headers);
      return send(request, reply, error.key, error.data);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        path: `${error.validationContext ?? 'body'}${v.instancePath.replaceAll('/', '.')}`,
        message: v.message ?? 'invalid',
      }));
      return send(request, reply, 'validation_failed', { issues });
    }
    const status = error.statusCode ?? 500;
    const key = statusKeys[status];
    if (key && status < 500) return send(request, reply, key);
    request.log.error({ err: error }, 'unhandled error');
    return send(request, reply, key ?? 'internal');
  });

  app.setNotFoundHandler((request, reply) => send(request, reply, 'not_found'));
}
