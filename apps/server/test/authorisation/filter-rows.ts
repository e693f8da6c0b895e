import type { Expectations, Row } from './row.ts';
import type { World } from './world.ts';

/** One's own filters: everyone signed in keeps theirs, but not the banned or the deregistered. */
const own: Expectations = {
  anonymous: 'login_required',
  owner: 'ok',
  other: 'ok',
  blacklisted: 'ok',
  banned: 'account_banned',
  deregistered: 'token_invalid',
  moderator: 'ok',
  otherOrgModerator: 'ok',
  admin: 'ok',
};

/** The owner's filter: only the owner can name it; for anyone else, staff too, it does not exist. */
const ownersOnly: Expectations = { ...own, other: 'not_found', blacklisted: 'not_found', moderator: 'not_found', otherOrgModerator: 'not_found', admin: 'not_found' };

const body = { words: [{ word: 'matrix' }], action: 'warn', contexts: ['feed'] };

/** A fresh filter of the owner's, written as its repository writes it. */
async function ownersFilter(w: World): Promise<string> {
  const [row] = await w.app.db.query<{ id: string }>(
    `insert into personal_filters (org_id, user_id, title, words, action, contexts) values ($1, $2, 'matrix', '[{"word":"matrix","wholeWord":true}]', 'warn', '{feed}') returning id::text`,
    [w.owner.org, w.owner.id],
  );
  return row!.id;
}

/** Personal filters (modules/safety/filters-routes.ts). */
export const filterRows: Row[] = [
  { route: 'POST /api/me/filters', request: async () => ({ url: '/api/me/filters', payload: body }), expect: own },
  { route: 'PUT /api/me/filters/:id', request: async (w) => ({ url: `/api/me/filters/${await ownersFilter(w)}`, payload: body }), expect: ownersOnly },
  { route: 'DELETE /api/me/filters/:id', request: async (w) => ({ url: `/api/me/filters/${await ownersFilter(w)}` }), expect: ownersOnly },
];

export const filterReadRows: Row[] = [{ route: 'GET /api/me/filters', request: async () => ({ url: '/api/me/filters' }), expect: own }];
