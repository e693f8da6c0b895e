import { ORG } from '#server-test/helper.ts';
import { adminOnly, type Row } from './row.ts';
import type { World } from './world.ts';

/** A fresh word for one request, written straight to the table as the admins' repository writes it. */
async function word(w: World): Promise<string> {
  const text = `matrix${Date.now()}${Math.floor(Math.random() * 1e9)}`;
  const [row] = await w.app.db.query<{ id: string }>(
    `insert into watched_words (org_id, word, match_key, action) values ($1, $2, $2, 'flag') returning id`,
    [ORG, text],
  );
  return row!.id;
}

const fresh = () => `matrix${Date.now()}${Math.floor(Math.random() * 1e9)}`;

export const watchedWordRows: Row[] = [
  { route: 'POST /api/admin/watched-words', request: async () => ({ url: '/api/admin/watched-words', payload: { word: fresh(), action: 'flag' } }), expect: adminOnly },
  {
    route: 'POST /api/admin/watched-words/import',
    request: async () => ({ url: '/api/admin/watched-words/import', payload: { words: `${fresh()}\n${fresh()}`, action: 'censor' } }),
    expect: adminOnly,
  },
  { route: 'POST /api/admin/watched-words/test', request: async () => ({ url: '/api/admin/watched-words/test', payload: { text: 'a text' } }), expect: adminOnly },
  {
    route: 'PUT /api/admin/watched-words/:id',
    request: async (w) => ({ url: `/api/admin/watched-words/${await word(w)}`, payload: { word: fresh(), action: 'block' } }),
    expect: adminOnly,
  },
  { route: 'DELETE /api/admin/watched-words/:id', request: async (w) => ({ url: `/api/admin/watched-words/${await word(w)}` }), expect: adminOnly },
];
