import { defaultRules } from '#server/modules/safety/new-accounts-repo.ts';
import { adminOnly, type Row } from './row.ts';

/** The limits, read as the matrix asks reads (read-rows.ts): admins only, as they are set. */
export const newAccountReadRows: Row[] = [{ route: 'GET /api/admin/new-accounts', request: async () => ({ url: '/api/admin/new-accounts' }), expect: adminOnly }];

/** The new-account limits and people's trust (modules/safety/new-accounts-routes.ts). */
export const newAccountRows: Row[] = [
  { route: 'PUT /api/admin/new-accounts', request: async () => ({ url: '/api/admin/new-accounts', payload: { ...defaultRules, enabled: true } }), expect: adminOnly },
  {
    route: 'PUT /api/admin/users/:userId/trust',
    request: async (w) => ({ url: `/api/admin/users/${w.owner.id}/trust`, payload: { trusted: true, reason: 'matrix' } }),
    // Moderators and admins; a moderator of the other organisation finds no such person there.
    expect: { ...adminOnly, moderator: 'ok', otherOrgModerator: 'not_found' },
  },
];
