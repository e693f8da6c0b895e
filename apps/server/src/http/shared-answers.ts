import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MomentCache } from '#server/lib/moment-cache.ts';

/** Below this many bytes compression is not worth its time (as @fastify/compress's threshold). */
const COMPRESS_FROM = 1024;
// Made once per moment, not per request, so a notch above the per-request quality of app.ts (4);
// 11, the default, would cost tens of milliseconds each time.
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } };

interface Answer {
  json: Buffer;
  etag: string;
  br?: Buffer;
  gzip?: Buffer;
}

/** The encoding @fastify/compress would pick for this request: br before gzip, neither refused with q=0. */
function encodingFor(accept: string | undefined): 'br' | 'gzip' | undefined {
  if (!accept) return undefined;
  const offered = new Map<string, boolean>();
  for (const part of accept.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    offered.set(name.trim(), q === undefined || Number(q.slice(2)) > 0);
  }
  for (const encoding of ['br', 'gzip'] as const) {
    if (offered.get(encoding) ?? offered.get('*')) return encoding;
  }
  return undefined;
}

/**
 * Answers that are the same for everyone who asks within a moment (the anonymous first page of a
 * feed), kept for `ttlMs` and shared: the database is asked once per key and moment however many
 * ask at once, and the JSON, its ETag and each compressed form are made once, not per request.
 * Whatever changes (a new post, a post taken down) shows within `ttlMs`. Only what no session
 * shapes may come here: a signed-in reader's answer depends on their likes and lists.
 */
export class SharedAnswers {
  private readonly answers: MomentCache<Answer>;

  constructor(ttlMs: number, maxEntries?: number, now?: () => number) {
    this.answers = new MomentCache(ttlMs, maxEntries, now);
  }

  get enabled() {
    return this.answers.enabled;
  }

  /**
   * Sends the shared answer under `key`, making it with `make` (the envelope, serialised as the
   * route's schema would) when there is none younger than the moment. A failure is not kept.
   */
  async send(request: FastifyRequest, reply: FastifyReply, key: string, make: () => Promise<string>): Promise<FastifyReply> {
    const answer = await this.answers.get(key, async () => {
      const text = await make();
      // The same tag http/etag.ts gives the answer when it is not shared.
      return { json: Buffer.from(text), etag: `W/"${createHash('sha256').update(text).digest('base64url').slice(0, 27)}"` };
    });
    reply.header('etag', answer.etag).header('cache-control', 'private, no-cache').header('vary', 'accept-encoding').type('application/json; charset=utf-8');
    if (request.headers['if-none-match'] === answer.etag) return reply.code(304).send('');
    const encoding = answer.json.length >= COMPRESS_FROM ? encodingFor(request.headers['accept-encoding']) : undefined;
    if (encoding === undefined) return reply.send(answer.json);
    answer[encoding] ??= encoding === 'br' ? brotliCompressSync(answer.json, BROTLI) : gzipSync(answer.json);
    return reply.header('content-encoding', encoding).send(answer[encoding]);
  }
}
