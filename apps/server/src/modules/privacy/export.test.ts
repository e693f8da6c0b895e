import { unzipSync, strFromU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { type DataExport, errorCatalogue, errorMessages } from '@padhub/contracts';
import { buildTestApp, data, ORG, registerUser, type Actor } from '#server-test/helper.ts';
import { listen } from '#server-test/storage.ts';
import { act, activePerson, until } from './test-fixtures.ts';

const app = await buildTestApp({ REGISTER_LIMIT_PER_IP: '1000', JOBS_IN_PROCESS: '1', JOBS_POLL_MS: '500' });
const { origin } = await listen(app);

const exportsOf = async (actor: Actor) => data<{ items: DataExport[] }>(await act(app, actor, 'GET', '/api/me/exports')).items;
const readyExport = (actor: Actor) => until(() => exportsOf(actor), (items) => items[0]?.status === 'ready').then((items) => items[0]!);

describe('the archive of one’s data', () => {
  it('is built by a job, told in the inbox, downloaded through its signed link, and holds everything in JSON and index.html', async () => {
    const { alice, post, config, bobsPost, comment } = await activePerson(app, origin);
    // Staff trusted her, and the new-account limits counted a comment of hers this hour.
    await app.db.query('insert into trusted_people (user_id, org_id) values ($1, $2)', [alice.id, ORG]);
    await app.db.query(`insert into rate_counters (key, window_start, hits) values ($1, date_trunc('hour', now()), 2)`, [`new-comment:user:${alice.id}`]);
    const asked = data<DataExport>(await app.inject({ method: 'POST', url: '/api/me/export', headers: { ...alice.headers, 'accept-language': 'jp' } }));
    expect(asked).toMatchObject({ status: 'queued' });
    expect(asked.url).toBeUndefined();

    const ready = await readyExport(alice);
    expect(ready).toMatchObject({ id: asked.id, status: 'ready', url: expect.stringMatching(/^\/api\/exports\/\d+\/archive\?key=[\w-]{43}$/) });
    const hours = (Date.parse(ready.expiresAt!) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(47.9);
    expect(hours).toBeLessThanOrEqual(48);
    const inbox = data<{ items: { type: string }[] }>(await act(app, alice, 'GET', '/api/notifications'));
    expect(inbox.items.map((n) => n.type)).toContain('export_ready');

    // A browser's download: no organisation header, no token; the link is the permission.
    const res = await fetch(`${origin}${ready.url}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    const zip = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const json = (name: string) => JSON.parse(strFromU8(zip[name]!));
    expect(Object.keys(zip)).toEqual(
      expect.arrayContaining(['index.html', 'profile.json', 'posts.json', 'comments.json', 'likes.json', 'favourites.json', 'follows.json', 'blocks.json', 'filters.json', 'trust.json', 'configs.json', 'notification-settings.json', 'sessions.json']),
    );
    expect(json('profile.json')).toMatchObject({ username: alice.username });
    const posts: { id: string; media: { path: string; file?: string }[] }[] = json('posts.json');
    const withMedia = posts.find((p) => p.id === post.id)!;
    // The originals (the picture and the video), byte for byte as stored.
    expect(withMedia.media).toHaveLength(2);
    for (const item of withMedia.media) {
      const stored = await app.storage.store.get(item.path);
      expect(Buffer.compare(Buffer.from(zip[item.file!]!), Buffer.concat(await stored!.body.toArray()))).toBe(0);
    }
    expect(json('comments.json')).toEqual([expect.objectContaining({ id: comment.id, content: 'Alice answers', post: { id: bobsPost.id, excerpt: 'Bob asks about paddles' } })]);
    expect(json('likes.json').posts).toEqual([expect.objectContaining({ postId: bobsPost.id })]);
    expect(json('favourites.json')).toEqual([expect.objectContaining({ postId: bobsPost.id })]);
    expect(json('follows.json').following).toHaveLength(1);
    expect(json('blocks.json').blocks).toHaveLength(1);
    expect(json('blocks.json').blacklist).toHaveLength(1);
    expect(json('filters.json')).toEqual([expect.objectContaining({ title: 'spoiler', action: 'warn', contexts: ['feed'] })]);
    expect(json('trust.json')).toEqual({ trustedAt: expect.any(String), hourCounts: [{ kind: 'new-comment', windowStart: expect.any(String), count: 2 }] });
    expect(json('configs.json')).toEqual([{ model: config.model, name: config.name, game: null, kind: config.kind, content: config.content }]);
    expect(json('notification-settings.json').export_ready).toEqual({ inbox: true, push: true });
    expect(json('sessions.json').length).toBeGreaterThan(0);
    // The page for people, in the language asked in.
    expect(strFromU8(zip['index.html']!)).toContain('あなたの Padhub データ');

    // configs.json is what the import takes: the configurations come back as the person's own.
    const imported = data<{ ids: string[] }>(await act(app, alice, 'POST', '/api/me/configs/import', { configs: json('configs.json') }));
    expect(imported.ids).toHaveLength(1);
    expect(data(await act(app, alice, 'GET', `/api/configs/${imported.ids[0]}`))).toMatchObject({ name: config.name, content: config.content });

    // One a week: the next ask is refused, with when, in the person's language.
    const again = await app.inject({ method: 'POST', url: '/api/me/export', headers: { ...alice.headers, 'accept-language': 'ko' } });
    expect(again.statusCode).toBe(errorCatalogue.export_too_soon.status);
    expect(again.json()).toMatchObject({ code: errorCatalogue.export_too_soon.code, data: { nextAt: expect.any(String) } });
    expect(again.json().message).toContain(errorMessages.export_too_soon.ko.split('{{')[0]!.slice(0, 10));

    // When the link expires (its job runs, here made due now) the archive is deleted and the link says nothing.
    const key = (await app.db.query<{ object_key: string }>('select object_key from data_exports where id = $1', [ready.id]))[0]!.object_key;
    await app.db.query(`update pgboss.job set start_after = now() where name = 'privacy.expire-export' and data ->> 'exportId' = $1`, [ready.id]);
    expect((await until(() => exportsOf(alice), (items) => items[0]?.status === 'expired'))[0]).toEqual({ id: ready.id, status: 'expired', createdAt: ready.createdAt });
    // The row says expired first, then the object goes.
    expect(await until(() => app.storage.store.head(key), (head) => head === null)).toBeNull();
    expect((await fetch(`${origin}${ready.url}`)).status).toBe(404);
  });

  it('answers a wrong key, another id or nobody signed in with nothing', async () => {
    const carol = await registerUser(app);
    data(await act(app, carol, 'POST', '/api/me/export'));
    const ready = await readyExport(carol);
    const [path, key] = ready.url!.split('?key=') as [string, string];
    expect((await fetch(`${origin}${path}?key=${'A'.repeat(43)}`)).status).toBe(404);
    expect((await fetch(`${origin}${path}?key=short`)).status).toBe(400);
    expect((await fetch(`${origin}/api/exports/999999/archive?key=${key}`)).status).toBe(404);
    // Nobody else sees it listed; nobody signed out may ask or list.
    const dave = await registerUser(app);
    expect(await exportsOf(dave)).toEqual([]);
    expect((await app.inject({ method: 'GET', url: '/api/me/exports', headers: { accorgid: ORG } })).statusCode).toBe(401);
    expect((await app.inject({ method: 'POST', url: '/api/me/export', headers: { accorgid: ORG } })).statusCode).toBe(401);
  });

  it('imports configurations checked like new ones, and refuses the whole file when one is not valid', async () => {
    const erin = await registerUser(app);
    const good = { model: 'lite', kind: 'mapping', name: 'Imported', content: { layers: [{ name: 'Base', shift: null, bindings: [{ input: 'a', output: { type: 'button', button: 'b' } }] }] } };
    const unknownModel = await act(app, erin, 'POST', '/api/me/configs/import', { configs: [good, { ...good, model: 'no-such-pad' }] });
    expect(unknownModel.statusCode).toBe(422);
    const broken = await act(app, erin, 'POST', '/api/me/configs/import', { configs: [{ ...good, content: { layers: [] } }] });
    expect(broken.json()).toMatchObject({ code: errorCatalogue.validation_failed.code });
    expect((await act(app, erin, 'POST', '/api/me/configs/import', { configs: [] })).statusCode).toBe(400);
    expect(data<{ items: unknown[] }>(await act(app, erin, 'GET', '/api/configs')).items).toEqual([]);
    const ids = data<{ ids: string[] }>(await act(app, erin, 'POST', '/api/me/configs/import', { configs: [good, { ...good, name: 'Second' }] })).ids;
    expect(data<{ items: { id: string }[] }>(await act(app, erin, 'GET', '/api/configs')).items.map((c) => c.id).sort()).toEqual([...ids].sort());
    expect((await app.inject({ method: 'POST', url: '/api/me/configs/import', headers: { accorgid: ORG }, payload: { configs: [good] } })).statusCode).toBe(401);
  });
});
