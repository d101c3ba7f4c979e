import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ErrorCode } from '@gridops/contract';
import { AppError } from '../lib/errors.js';

const NUL = '\u0000';

/** Where the first string (or object key) holding a NUL character is, as a dotted path; null when none. */
export function findNul(root: unknown, where: string): string | null {
  // A stack, not recursion: a deeply nested body must not overflow the call stack.
  const stack: { value: unknown; path: string[] }[] = [{ value: root, path: [] }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes(NUL)) return path.length ? path.join('.') : where;
    } else if (value !== null && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        if (key.includes(NUL)) return [...path, key.replaceAll(NUL, '\\u0000')].join('.');
        stack.push({ value: child, path: [...path, key] });
      }
    }
  }
  return null;
}

/**
 * PostgreSQL cannot store the NUL character in text, so no route accepts it anywhere in its input: refused
 * here for every route with the bad-parameter code naming the field, before any handler or SQL sees it.
 * Runs after the auth hook (a caller without a session still gets 10001 first) and before schema validation.
 */
export const inputPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    const parts: [string, unknown][] = [
      ['params', request.params],
      ['query', request.query],
      ['body', request.body],
    ];
    for (const [where, value] of parts) {
      const field = findNul(value, where);
      if (field !== null) {
        throw new AppError(
          ErrorCode.Validation,
          { zh: `参数错误：${field} 不能包含空字符（\\u0000）`, en: `Invalid input: ${field} must not contain the NUL character (\\u0000)` },
          field,
        );
      }
    }
  });
});
