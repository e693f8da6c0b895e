import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { liveQuerySchema, liveTicketSchema } from '@padhub/contracts';
import { optionalUser, requireUser } from '#server/http/context.ts';
import { ok } from '#server/http/envelope.ts';
import { answers } from '#server/http/schemas.ts';
import type { SessionUser } from '#server/http/session.ts';
import { fail } from '#server/lib/errors.ts';
import { type StreamDeps, serveStream } from './stream.ts';
import type { TicketsRepo } from './tickets-repo.ts';

const tags = ['live'];

/** The person's id, and whether they are staff of their organisation (a token belongs to one). */
const whoIs = (user: SessionUser): [string, boolean] => [user.id, user.role === 'moderator' || user.role === 'admin'];

/**
 * The live stream (Server-Sent Events) and its tickets. Who reads is the token header's person, a
 * ticket's (for `EventSource`), or someone not signed in (a post's and the feed's events only).
 */
export const liveRoutes: FastifyPluginAsyncZod<StreamDeps & { tickets: TicketsRepo }> = async (app, { tickets, ...deps }) => {
  app.post('/events/ticket', { schema: { tags, response: answers(liveTicketSchema) } }, async (req) =>
    ok({ ticket: await tickets.mint(req.org.id, ...whoIs(await requireUser(req))) }),
  );

  app.get('/events', { schema: { tags, querystring: liveQuerySchema } }, async (req, reply) => {
    const query = req.query;
    let userId: string | null;
    let staff: boolean;
    if (query.ticket !== undefined) {
      const holder = await tickets.use(req.org.id, query.ticket);
      if (!holder) throw fail('token_invalid');
      ({ userId, staff } = holder);
    } else {
      const user = await optionalUser(req);
      [userId, staff] = user ? whoIs(user) : [null, false];
    }
    const channels = userId === null ? [] : [`user:${userId}`];
    if (query.post) channels.push(`post:${query.post}`);
    if (query.config) channels.push(`config:${query.config}`);
    if (query.feed) channels.push('feed');
    if (query.queue) {
      if (!staff) throw fail('forbidden');
      channels.push('staff');
    }
    const header = req.headers['last-event-id'];
    const last = typeof header === 'string' && /^\d{1,18}$/.test(header) ? header : query.lastEventId;
    reply.hijack();
    // The feed on screen, with the filters its read takes (absent language: the request's).
    const feed = query.feed ? { lang: query.lang ?? req.lang, model: query.model, following: query.feed === 'following' } : undefined;
    await serveStream(reply.raw, deps, { orgId: req.org.id, userId, channels, feed }, last);
  });
};
