import { describe, expect, it } from 'vitest';
import type { AdminGoods } from '@padhub/contracts';
import { buildTestApp, data, registerUser } from '#server-test/helper.ts';
import { listen } from '#server-test/storage.ts';
import { png, refusal, uploadAs } from '#server/modules/posting/test-fixtures.ts';
import { asActor, createCategory, personWithRole, variantInput } from '#server/modules/shop/test-fixtures.ts';
import { objectsOf, stored } from './test-fixtures.ts';

const app = await buildTestApp({ REGISTER_LIMIT_PER_IP: '1000' });
const { origin } = await listen(app);
const admin = await personWithRole(app, 'admin');
const category = await createCategory(app, admin);

const upload = async (name: string) => uploadAs(origin, admin, name, await png(500, 500, name.length * 20), 'image/png');

async function goodsWith(pictures: string[], variantPictures: string[]): Promise<AdminGoods> {
  const goods = data<AdminGoods>(
    await asActor(app, admin, 'POST', '/api/admin/goods', { categoryId: category.id, texts: { cn: { name: '手柄' } }, pictures: pictures.map((path) => ({ path })) }),
  );
  return data<AdminGoods>(await asActor(app, admin, 'POST', `/api/admin/goods/${goods.id}/variants`, variantInput({ pictures: variantPictures.map((path) => ({ path })) })));
}

describe('goods pictures', () => {
  it('deletes the files of pictures an admin replaced, and keeps the ones still shown', async () => {
    const [a, b, c] = [await upload('a.png'), await upload('b.png'), await upload('c.png')];
    const goods = await goodsWith([a, b], []);
    const [ofA, ofB] = [await objectsOf(app, [goods.pictures[0]!]), await objectsOf(app, [goods.pictures[1]!])];
    const edited = data<AdminGoods>(await asActor(app, admin, 'PATCH', `/api/admin/goods/${goods.id}`, { pictures: [{ path: b }, { path: c }] }));
    await app.lifecycle.settled();
    expect(await stored(app, ofA)).toEqual([]);
    expect(await stored(app, ofB)).toEqual(ofB);
    expect(await objectsOf(app, edited.pictures)).toHaveLength(6);
  });

  it("deletes a variant's pictures with it, but not one its goods still shows", async () => {
    const [shared, own] = [await upload('shared.png'), await upload('own.png')];
    const goods = await goodsWith([shared], [shared, own]);
    const variant = goods.variants[0]!;
    const [ofShared, ofOwn] = [await objectsOf(app, [variant.pictures[0]!]), await objectsOf(app, [variant.pictures[1]!])];
    data(await asActor(app, admin, 'DELETE', `/api/admin/goods-variants/${variant.id}`));
    await app.lifecycle.settled();
    expect(await stored(app, ofShared)).toEqual(ofShared);
    expect(await stored(app, ofOwn)).toEqual([]);
  });

  it("deletes a variant's replaced pictures", async () => {
    const [first, second] = [await upload('v1.png'), await upload('v2.png')];
    const goods = await goodsWith([], [first]);
    const ofFirst = await objectsOf(app, goods.variants[0]!.pictures);
    data(await asActor(app, admin, 'PATCH', `/api/admin/goods-variants/${goods.variants[0]!.id}`, { pictures: [{ path: second }] }));
    await app.lifecycle.settled();
    expect(await stored(app, ofFirst)).toEqual([]);
  });

  it('deletes the pictures of deleted goods and of their variants; a member or another organisation cannot', async () => {
    const [main, side] = [await upload('main.png'), await upload('side.png')];
    const goods = await goodsWith([main], [side]);
    const objects = await objectsOf(app, [...goods.pictures, ...goods.variants[0]!.pictures]);
    expect(objects).toHaveLength(6);

    const member = await registerUser(app);
    expect(refusal(await asActor(app, member, 'DELETE', `/api/admin/goods/${goods.id}`)).status).toBe(403);
    const otherAdmin = await personWithRole(app, 'admin', 'padhub-other');
    expect(refusal(await asActor(app, otherAdmin, 'DELETE', `/api/admin/goods/${goods.id}`)).status).toBe(404);
    await app.lifecycle.settled();
    expect(await stored(app, objects)).toEqual(objects);

    data(await asActor(app, admin, 'DELETE', `/api/admin/goods/${goods.id}`));
    await app.lifecycle.settled();
    expect(await stored(app, objects)).toEqual([]);
  });
});
