import type { FastifyInstance } from 'fastify';
import { fail } from '#server/lib/errors.ts';

/**
 * Text PostgreSQL cannot store as it was sent: U+0000 (refused by text and jsonb alike, which
 * answered a 500) and an unpaired surrogate (jsonb refuses it; a text column silently stores
 * U+FFFD instead, changing what the person wrote). Either is refused up front with a 400 that
 * names the field, so nothing is half-written and nothing is silently altered.
 */
// Without the u flag the pattern reads UTF-16 units, so it sees the halves of a pair.
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !loneSurrogate.test(value);
}

/**
 * The path (`body.content`, `querystring.model`, `body.layers.0.name`) of the first string, key
 * included, that cannot be stored; undefined when all can. Walks iteratively: a deeply nested body
 * (JSON.parse takes any depth) must not overflow the stack.
 */
export function unstorableTextPath(root: unknown, rootPath: string): string | undefined {
  const stack: [unknown, string][] = [[root, rootPath]];
  while (stack.length > 0) {
    const [value, path] = stack.pop()!;
    if (typeof value === 'string') {
      if (!isStorableText(value)) return path;
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => stack.push([item, `${path}.${index}`]));
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (!isStorableText(key)) return path;
        stack.push([item, `${path}.${key}`]);
      }
    }
  }
  return undefined;
}

/**
 * A password is never stored as text (only its scrypt hash), and refusing one would lock out an
 * account that was registered with it.
 */
const passwordFields = ['password', 'currentPassword', 'newPassword'];

function withoutPassword(body: unknown): unknown {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  return Object.fromEntries(Object.entries(body).filter(([key]) => !passwordFields.includes(key)));
}

/** Refuses, before any route's own validation, a body, query string or path parameter holding text that cannot be stored. */
export function refuseUnstorableText(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const path =
      unstorableTextPath(request.params, 'params') ?? unstorableTextPath(request.query, 'querystring') ?? unstorableTextPath(withoutPassword(request.body), 'body');
    if (path !== undefined) {
      throw fail('validation_failed', {
        data: { issues: [{ path, message: 'holds a character that cannot be stored (U+0000 or a lone surrogate); remove it and send again' }] },
      });
    }
  });
}
