import type { Expectations, Row } from './row.ts';
import { removedPictureReadRows } from './removed-picture-rows.ts';

/**
 * Reads the matrix asks too: the ones that show an organisation's figures. Their moderators and
 * admins only; a moderator of the other organisation asks in their own, and sees its figures.
 */
const staffRead: Expectations = {
  anonymous: 'login_required',
  owner: 'forbidden',
  other: 'forbidden',
  blacklisted: 'forbidden',
  banned: 'account_banned',
  deregistered: 'token_invalid',
  moderator: 'ok',
  otherOrgModerator: 'ok',
  admin: 'ok',
};

export const readRows: Row[] = [
  { route: 'GET /api/admin/insights/:group', request: async () => ({ url: '/api/admin/insights/safety?range=7' }), expect: staffRead },
  ...removedPictureReadRows,
];
