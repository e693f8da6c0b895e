import { type Row, staffRead } from './row.ts';
import { removedPictureReadRows } from './removed-picture-rows.ts';
import { filterReadRows } from './filter-rows.ts';
import { newAccountReadRows } from './new-account-rows.ts';

/** Reads the matrix asks too: the ones that show an organisation's figures (`staffRead`). */
export const readRows: Row[] = [
  { route: 'GET /api/admin/comments/held', request: async () => ({ url: '/api/admin/comments/held' }), expect: staffRead },
  { route: 'GET /api/admin/insights/:group', request: async () => ({ url: '/api/admin/insights/safety?range=7' }), expect: staffRead },
  ...removedPictureReadRows,
  ...filterReadRows,
  ...newAccountReadRows,
];
