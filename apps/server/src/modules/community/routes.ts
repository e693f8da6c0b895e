import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  commentPageSchema,
  commentSchema,
  commentItemSchema,
  createCommentSchema,
  editCommentSchema,
  favouriteStateSchema,
  envelopeSchema,
  feedQuerySchema,
  headers as headerNames,
  idParamsSchema,
  likeStateSchema,
  myCommentPageSchema,
  pageQuerySchema,
  feedPageSchema,
  type FeedQuery,
  postPageSchema,
  postSchema,
  repliesPageSchema,
} from '@padhub/contracts';
import { searchWords, type Usage } from '#server/lib/usage.ts';
import { idempotencyKey, member, optionalUser, reader, readerAsking } from '#server/http/context.ts';
import { ok } from '#server/http/envelope.ts';
import { IDEMPOTENT, answers, emptySchema } from '#server/http/schemas.ts';
import type { SharedAnswers } from '#server/http/shared-answers.ts';
import type { Viewer } from '#server/http/session.ts';
import { AppError } from '#server/lib/errors.ts';
import type { CommentsService } from './comments-service.ts';
import type { FirstComments } from './first-comments.ts';
import { seenEventOf } from './first-page-cache.ts';
import type { FirstPages } from './first-pages.ts';
import type { PostsService } from './posts-service.ts';

interface Deps {
  posts: PostsService;
  /** The first page of the plain feed, read once a moment for everyone. */
  firstPages: FirstPages;
  comments: CommentsService;
  /** First feed pages, each distinct one serialised and compressed once a moment. */
  sharedFeed: SharedAnswers;
  /** Searches by people not signed in, each distinct one run, serialised and compressed once a moment. */
  sharedSearches: SharedAnswers;
  /** A post's first comment page, read once a moment for everyone. */
  firstComments: FirstComments;
  /** First comment pages, each distinct one serialised and compressed once a moment. */
  sharedComments: SharedAnswers;
  /** Where a signed-in person's search is counted (lib/usage.ts). */
  usage?: Usage;
}

const feedAnswerSchema = envelopeSchema(feedPageSchema);
const commentsAnswerSchema = envelopeSchema(commentPageSchema);

/**
 * A reader who may be this organisation's moderator or admin: staff also open a post that is not
 * passed or still waiting (an audit line or a report leads them there), for evidence.
 */
async function staffReader(req: FastifyRequest) {
  const user = await optionalUser(req);
  const staff = user !== null && user.organisationId === req.org.id && (user.role === 'moderator' || user.role === 'admin');
  return { orgId: req.org.id, userId: user?.id ?? null, staff };
}

const tags = ['community'];

/** Aborted when the connection closes before the answer was sent: a search stops for nobody. */
function clientGone(reply: FastifyReply): AbortSignal {
  const gone = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) gone.abort(new Error('the client went away'));
  });
  return gone.signal;
}

export const communityRoutes: FastifyPluginAsyncZod<Deps> = async (app, { posts, firstPages, comments, firstComments, sharedFeed, sharedSearches, sharedComments, usage }) => {
  app.get('/posts', { schema: { tags, querystring: feedQuerySchema, response: answers(feedPageSchema) } }, async (req, reply) => {
    // The first page of the plain feed is read once a moment for everyone (first-pages.ts), a
    // signed-in reader's marks on it asked with their session; each distinct page is serialised
    // and compressed once a moment. A search is shared by its own path (anonymousSearch below, and
    // search-pages.ts), and every later page is read anew.
    if (firstPages.enabled && req.query.cursor === undefined && req.query.q === undefined && req.query.feed === 'all') {
      const read = await firstPages.read(req.org.id, req.lang, req.query, seenEventOf(req.headers[headerNames.seenEvent]));
      const viewer = await readerAsking(req, read.ask);
      const first = await firstPages.page(read, viewer.userId, viewer.answer);
      // Serialised by the route's own schema, so the shared answer is byte for byte the unshared one.
      if (first) return sharedFeed.send(req, reply, first.key, async () => JSON.stringify(z.encode(feedAnswerSchema, ok(first.page()))));
      return ok(await posts.feed(viewer, req.lang, req.query, clientGone(reply)));
    }
    const viewer = await reader(req);
    if (viewer.userId === null && req.query.q !== undefined && sharedSearches.enabled) return anonymousSearch(req, reply, viewer, req.query);
    const page = await posts.feed(viewer, req.lang, req.query, clientGone(reply));
    // A search is counted once, on its first page, and only for someone signed in: the insights count different people.
    const words = req.query.q === undefined || req.query.cursor !== undefined ? '' : searchWords(req.query.q);
    if (words && viewer.userId !== null) usage?.record({ orgId: viewer.orgId, kind: 'search', key: words, userId: viewer.userId, found: page.items.length > 0 });
    return ok(page);
  });

  /**
   * A search by someone not signed in: the same for everyone who asks it (no lists, no own posts,
   * no likes), so each distinct one (organisation, language, words, filter, order, page) is run,
   * serialised and compressed once a moment, however many ask (docs/search.md, "Admission").
   * It runs under the connection of whoever asked first: if they leave, it is cancelled, and the
   * others run it again (PostsService shares that run too).
   */
  async function anonymousSearch(req: FastifyRequest, reply: FastifyReply, viewer: Viewer, query: FeedQuery) {
    const gone = clientGone(reply);
    let ran = false;
    const search = async () => ok(await posts.feed(viewer, req.lang, query, gone));
    try {
      return await sharedSearches.send(req, reply, JSON.stringify([viewer.orgId, req.lang, query]), async () => {
        ran = true;
        return JSON.stringify(z.encode(feedAnswerSchema, await search()));
      });
    } catch (error) {
      if (ran || gone.aborted || error instanceof AppError) throw error;
      return search();
    }
  }

  app.get('/posts/:id', { schema: { tags, params: idParamsSchema, response: answers(postSchema) } }, async (req) =>
    ok(await posts.get(await staffReader(req), req.params.id)),
  );

  app.delete('/posts/:id', { schema: { tags, params: idParamsSchema, response: answers(emptySchema) } }, async (req) => {
    await posts.remove(await member(req), req.params.id);
    return ok({});
  });

  for (const [method, on] of [['PUT', true], ['DELETE', false]] as const) {
    app.route({
      method,
      url: '/posts/:id/like',
      schema: { tags, params: idParamsSchema, response: answers(likeStateSchema) },
      handler: async (req) => ok(await posts.like(await member(req), req.params.id, on)),
    });
    app.route({
      method,
      url: '/posts/:id/favourite',
      schema: { tags, params: idParamsSchema, response: answers(favouriteStateSchema) },
      handler: async (req) => ok(await posts.favourite(await member(req), req.params.id, on)),
    });
    app.route({
      method,
      url: '/comments/:id/like',
      schema: { tags, params: idParamsSchema, response: answers(likeStateSchema) },
      handler: async (req) => ok(await comments.like(await member(req), req.params.id, on)),
    });
  }

  app.get(
    '/posts/:id/comments',
    { schema: { tags, params: idParamsSchema, querystring: pageQuerySchema, response: answers(commentPageSchema) } },
    async (req, reply) => {
      // The first page is read once a moment for everyone (first-comments.ts), a signed-in reader's
      // likes on it asked with their session. A post refused to readers without a session is theirs
      // to refuse; a signed-in reader may still open it (their own, or staff): they read it themselves.
      if (firstComments.enabled && req.query.cursor === undefined) {
        const shared = firstComments.read(req.org.id, req.params.id, req.query, seenEventOf(req.headers[headerNames.seenEvent]));
        const read = req.lookUpSession === null ? await shared : await shared.catch(() => undefined);
        const first = read && (await readerAsking(req, read.ask).then((viewer) => firstComments.page(read, viewer.userId, viewer.answer)));
        if (first) return sharedComments.send(req, reply, first.key, async () => JSON.stringify(z.encode(commentsAnswerSchema, ok(first.page()))));
      }
      return ok(await comments.list(await staffReader(req), req.params.id, req.query));
    },
  );

  app.post(
    '/posts/:id/comments',
    { schema: { tags, description: IDEMPOTENT, params: idParamsSchema, body: createCommentSchema, response: answers(commentSchema) } },
    async (req) => ok(await comments.create(await member(req), req.params.id, req.body, idempotencyKey(req))),
  );

  app.get(
    '/comments/:id/replies',
    { schema: { tags, params: idParamsSchema, querystring: pageQuerySchema, response: answers(repliesPageSchema) } },
    async (req) => ok(await comments.replies(await staffReader(req), req.params.id, req.query)),
  );

  app.get('/comments/:id', { schema: { tags, params: idParamsSchema, response: answers(commentItemSchema) } }, async (req) =>
    ok(await comments.one(await reader(req), req.params.id)),
  );

  app.patch('/comments/:id', { schema: { tags, params: idParamsSchema, body: editCommentSchema, response: answers(commentItemSchema) } }, async (req) =>
    ok(await comments.edit(await member(req), req.params.id, req.body)),
  );

  app.delete('/comments/:id', { schema: { tags, params: idParamsSchema, response: answers(emptySchema) } }, async (req) => {
    await comments.remove(await member(req), req.params.id);
    return ok({});
  });

  app.get('/me/posts', { schema: { tags, querystring: pageQuerySchema, response: answers(postPageSchema) } }, async (req) =>
    ok(await posts.mine(await member(req), req.query)),
  );

  app.get('/me/comments', { schema: { tags, querystring: pageQuerySchema, response: answers(myCommentPageSchema) } }, async (req) =>
    ok(await comments.mine(await member(req), req.query)),
  );

  app.get('/me/likes', { schema: { tags, querystring: pageQuerySchema, response: answers(postPageSchema) } }, async (req) =>
    ok(await posts.reacted(await member(req), 'likes', req.query)),
  );

  app.get('/me/favourites', { schema: { tags, querystring: pageQuerySchema, response: answers(postPageSchema) } }, async (req) =>
    ok(await posts.reacted(await member(req), 'favourites', req.query)),
  );
};
