import { adminOnly, type Row } from './row.ts';
import type { World } from './world.ts';

// A model both organisations offer.
export const configBody = {
  model: 'lite',
  kind: 'mapping',
  name: 'Matrix',
  content: { layers: [{ name: 'Base', shift: null, bindings: [{ input: 'a', output: { type: 'button', button: 'b' } }] }] },
};

/** The id of a game named by a configuration of the owner's. */
async function game(w: World, name: string): Promise<string> {
  const res = await w.app.inject({ method: 'POST', url: '/api/configs', headers: w.owner.headers, payload: { ...configBody, game: name } });
  if (res.statusCode !== 200) throw new Error(`config failed: ${res.body}`);
  const [row] = await w.app.db.query<{ id: string }>('select id from games where org_id = $1 and name = $2', [w.owner.org, name]);
  return row!.id;
}

/** The games configurations name (modules/configs/hub-routes.ts): admins only, as the shop console. */
export const gameRows: Row[] = [
  {
    route: 'PUT /api/admin/games/:id',
    request: async (w) => ({ url: `/api/admin/games/${await game(w, 'Matrix Game')}`, payload: { name: 'Matrix Game Renamed', names: { jp: 'マトリックス' }, aliases: ['MG'] } }),
    expect: adminOnly,
  },
  {
    route: 'POST /api/admin/games/:id/merge',
    request: async (w) => ({ url: `/api/admin/games/${await game(w, 'Matrix Game')}/merge`, payload: { into: await game(w, 'Matrix Other') } }),
    expect: adminOnly,
  },
];
