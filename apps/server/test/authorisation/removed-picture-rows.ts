import { ORG } from '#server-test/helper.ts';
import { adminOnly, type Row, staffRead } from './row.ts';
import type { World } from './world.ts';

/** A fresh entry for one request, written straight to the table as a removal writes it. */
async function entry(w: World): Promise<string> {
  const [row] = await w.app.db.query<{ id: string }>(
    `insert into removed_pictures (org_id, post_id, path, prints) values ($1, 1, $2, '\\x00') returning id`,
    [ORG, `matrix/${Date.now()}${Math.floor(Math.random() * 1e9)}`],
  );
  return row!.id;
}

/** The list, asked as the matrix asks reads (read-rows.ts). */
export const removedPictureReadRows: Row[] = [{ route: 'GET /api/admin/removed-pictures', request: async () => ({ url: '/api/admin/removed-pictures' }), expect: staffRead }];

export const removedPictureRows: Row[] = [
  { route: 'PUT /api/admin/removed-pictures/settings', request: async () => ({ url: '/api/admin/removed-pictures/settings', payload: { action: 'hold' } }), expect: adminOnly },
  { route: 'DELETE /api/admin/removed-pictures/:id', request: async (w) => ({ url: `/api/admin/removed-pictures/${await entry(w)}` }), expect: adminOnly },
];
