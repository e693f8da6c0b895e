import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Lang, type Organisation, headers, parseLanguage } from '@padhub/contracts';
import type { Expr, SqlType } from '#server/db/sql.ts';
import { fail } from '#server/lib/errors.ts';
import type { SessionUser, Viewer } from './session.ts';
import { isStorableText } from './storable-text.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Language of the request: error messages and community content. */
    lang: Lang;
    /** The organisation named by Accorgid. Set on every /api route except health and docs. */
    org: Organisation;
    /** The session behind the token header, looked up once per request, when first needed (`sessionOf`). */
    session: Promise<SessionUser | null> | null;
    /** Looks the token's session up, with a question about its person (null: no token). */
    lookUpSession: ((ask?: SessionQuestion) => Promise<SessionUser | null>) | null;
  }
}

/** Adds a value to the asking statement and answers its placeholder, typed: `$n::type` (db/sql.ts `placeholder`). */
export type QuestionParam = <T extends Exclude<SqlType, 'rows'>>(value: unknown, type: T) => Expr<T>;

/**
 * A question about the person behind a session, asked in the statement that looks the session up
 * (`readerAsking`): one typed fragment (db/sql.ts) over the person's id (`person`), its values
 * added with `param`, which answers their typed placeholders.
 */
export type SessionQuestion = (person: Expr<'bigint'>, param: QuestionParam) => Expr<SqlType>;

export interface ContextDeps {
  findOrganisation(id: string): Promise<Organisation | undefined>;
  resolveToken(token: string, orgId: string, ask?: SessionQuestion): Promise<SessionUser | null>;
}

/** Resolves Accorgid and the language for every request of the scope it is registered in. */
export function registerTenancy(app: FastifyInstance, deps: ContextDeps) {
  app.decorateRequest('org', null as unknown as Organisation);
  app.decorateRequest('session', null);
  app.decorateRequest('lookUpSession', null);
  app.addHook('onRequest', async (request) => {
    // EventSource cannot send headers: the live stream names its organisation in the query too.
    const orgId = headerValue(request, headers.organisation) ?? (request.routeOptions.url?.endsWith('/events') ? queryValue(request, headers.organisation) : undefined);
    if (!orgId) throw fail('organisation_required');
    // An id the database could not even compare (U+0000) names no organisation, as any unknown one.
    const org = isStorableText(orgId) ? await deps.findOrganisation(orgId) : undefined;
    if (!org) throw fail('organisation_unknown');
    request.org = org;
    request.lang = parseLanguage(request.headers['accept-language']) ?? org.defaultLanguage;
    const token = headerValue(request, headers.token);
    // A token from the cookie alone never authenticates: only the header counts (docs/bridge.md, "Token handling").
    request.lookUpSession = token ? (ask) => deps.resolveToken(token, org.id, ask) : null;
  });
}

export function registerLanguage(app: FastifyInstance) {
  app.decorateRequest('lang', 'en');
  app.addHook('onRequest', async (request) => {
    request.lang = parseLanguage(request.headers['accept-language']) ?? 'en';
  });
}

/** The Idempotency-Key header, as sent (checked by the service that honours it). */
export function idempotencyKey(request: FastifyRequest): string | undefined {
  const value = request.headers[headers.idempotencyKey];
  return Array.isArray(value) ? value[0] : value;
}

function queryValue(request: FastifyRequest, name: string): string | undefined {
  const value = (request.query as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value.trim() || undefined : undefined;
}

function headerValue(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  const first = Array.isArray(value) ? value[0] : value;
  return first?.trim() || undefined;
}

/**
 * The session behind the token, banned or not; null for an anonymous request. A token that is not
 * a live session (expired, revoked, deregistered, another organisation's) is refused.
 */
export async function requireSession(request: FastifyRequest): Promise<SessionUser | null> {
  request.session ??= request.lookUpSession ? request.lookUpSession() : Promise.resolve(null);
  const user = await request.session;
  if (!user && headerValue(request, headers.token)) throw fail('token_invalid');
  return user ?? null;
}

/**
 * The signed-in user, or null for an anonymous request. A banned person reads what anyone may
 * read without logging in, as if anonymous.
 */
export async function optionalUser(request: FastifyRequest): Promise<SessionUser | null> {
  const user = await requireSession(request);
  return user && !user.ban ? user : null;
}

/**
 * The signed-in user, for everything that needs a login: every write and every personal page.
 * The one place where a ban takes effect: a banned person reads nothing that needs a login and
 * changes nothing (logout aside, which asks requireSession). A deregistered account has no
 * session at all (401).
 */
export async function requireUser(request: FastifyRequest): Promise<SessionUser> {
  const user = await requireSession(request);
  if (!user) throw fail('login_required');
  if (user.ban) throw fail('account_banned', { data: user.ban });
  return user;
}

/** Who reads: anyone, signed in or not (a reader's own states, such as liked, are then false). */
export async function reader(req: FastifyRequest): Promise<Viewer> {
  return viewerOf(req, await optionalUser(req));
}

/** The reader of the request: their organisation, who they are, and their filters' version when their session read it. */
export function viewerOf(req: FastifyRequest, user: SessionUser | null): Viewer {
  return { orgId: req.org.id, userId: user?.id ?? null, ...(user?.filterVersion === undefined ? {} : { filterVersion: user.filterVersion }) };
}

/**
 * The reader, as `reader`, and the answer to `ask` about them, read in the statement that looks
 * their session up: a signed-in read that needs something of its reader costs one round trip.
 * The answer is undefined for an anonymous reader (or a banned one, who reads as anonymous), and
 * when the session had been looked up already (the caller then asks on its own).
 */
export async function readerAsking(req: FastifyRequest, ask: SessionQuestion): Promise<Viewer & { answer?: unknown }> {
  const asking = req.session === null && req.lookUpSession !== null;
  if (asking) req.session = req.lookUpSession!(ask);
  const user = await optionalUser(req);
  return { ...viewerOf(req, user), ...(asking && user ? { answer: user.answer } : {}) };
}

/** Who changes data: a signed-in member of the organisation (not banned), with the address rate limits read. */
export async function member(req: FastifyRequest) {
  return { orgId: req.org.id, userId: (await requireUser(req)).id, ip: req.ip };
}
