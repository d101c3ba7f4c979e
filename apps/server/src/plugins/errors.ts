import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ErrorCode, errorMessage } from '@gridops/contract';
import { AppError } from '../lib/errors.js';
import { langFromHeader } from '../lib/lang.js';
import { isNumericOutOfRange } from '../lib/pgErrors.js';
import { describeIssue } from '../lib/zodMessages.js';

function send(reply: FastifyReply, status: number, code: number, msg: string, data: unknown = null) {
  return reply.status(status).send({ code, msg, data });
}

const numberOutOfRange = { zh: '参数错误：数值超出允许范围', en: 'Invalid input: a number is out of the allowed range' } as const;

/**
 * Errors Fastify raises before routing (a path segment longer than maxParamLength, a malformed URL): the same
 * envelope, the bad-parameter code. Passed as Fastify's `frameworkErrors` option.
 */
export function frameworkErrorReply(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const lang = langFromHeader(request.headers['accept-language']);
  const base = errorMessage(ErrorCode.Validation, lang);
  void send(reply, error.statusCode ?? 400, ErrorCode.Validation, `${base} (${error.message})`);
}

/**
 * The one place failures become the envelope `{ code, msg, data }` in the caller's language. Bad input never
 * yields a 500 or a stack trace; unexpected failures are logged with their stack and answered generically.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((caught: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const lang = langFromHeader(request.headers['accept-language']);
    if (caught instanceof AppError) {
      const error = caught;
      return send(reply, error.status, error.code, error.message_in(lang), error.field ? { field: error.field } : null);
    }
    if (hasZodFastifySchemaValidationErrors(caught)) {
      const error = caught;
      const where = error.validationContext ?? 'body';
      const issues = error.validation.map((v) =>
        describeIssue(
          {
            code: v.keyword,
            path: v.instancePath.split('/').filter(Boolean),
            message: v.message ?? '',
            ...(v.params as Record<string, unknown>),
          },
          where,
        ),
      );
      const first = issues[0];
      return send(reply, 400, ErrorCode.Validation, first ? first[lang] : errorMessage(ErrorCode.Validation, lang), {
        field: first?.field,
        issues: issues.map((i) => i[lang]),
      });
    }
    const error = caught as FastifyError;
    const fastifyCode = error.code ?? '';
    if (fastifyCode === 'FST_ERR_CTP_INVALID_JSON_BODY' || fastifyCode === 'FST_ERR_CTP_EMPTY_JSON_BODY' || error instanceof SyntaxError) {
      return send(reply, 400, ErrorCode.BadJson, errorMessage(ErrorCode.BadJson, lang));
    }
    if (isNumericOutOfRange(caught)) {
      // A second line of defence behind the contract's integer bounds: still the caller's bad input, not a 500,
      // but logged, because the route's schema should have refused the value with the field's name.
      request.log.warn({ err: error }, 'number out of range for its column passed validation');
      return send(reply, 400, ErrorCode.Validation, numberOutOfRange[lang]);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Framework-level client errors (unsupported media type, body too large, …): the framework's own
      // sentence names the cause; it is English only, so the Chinese message gets it in parentheses.
      const base = errorMessage(ErrorCode.Validation, lang);
      return send(reply, status, ErrorCode.Validation, `${base} (${error.message})`);
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, 500, ErrorCode.Internal, errorMessage(ErrorCode.Internal, lang));
  });

});
