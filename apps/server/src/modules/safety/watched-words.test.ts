import { describe, expect, it } from 'vitest';
import { type Comment, type ModerationCase, type Post, type WatchedWord, type WatchedWordImportResult, type WatchedWordTestResult, errorMessages } from '@padhub/contracts';
import { buildTestApp, data, ORG, OTHER_ORG, registerUser } from '#server-test/helper.ts';
import { createPost } from '#server/modules/posting/test-fixtures.ts';
import { createConfig, fpsMapping, makeConfig } from '#server/modules/configs/test-fixtures.ts';
import { commentOn, expectError, registerStaff } from './test-fixtures.ts';
import { ReportsRepo } from './reports-repo.ts';
import { WatchedWordsRepo } from './watched-words-repo.ts';
import { WatchedWordsService } from './watched-words-service.ts';

const app = await buildTestApp({ REGISTER_LIMIT_PER_IP: '1000' });
const admin = await registerStaff(app, 'admin');
const moderator = await registerStaff(app, 'moderator');
const author = await registerUser(app);
const otherAdmin = await registerStaff(app, 'admin', { org: OTHER_ORG });
const otherAuthor = await registerUser(app, { org: OTHER_ORG });

const words = (actor = admin) => app.inject({ method: 'GET', url: '/api/admin/watched-words', headers: actor.headers });
const add = (word: string, action: string, actor = admin) => app.inject({ method: 'POST', url: '/api/admin/watched-words', headers: actor.headers, payload: { word, action } });
const update = (id: string, payload: object, actor = admin) => app.inject({ method: 'PUT', url: `/api/admin/watched-words/${id}`, headers: actor.headers, payload });
const remove = (id: string, actor = admin) => app.inject({ method: 'DELETE', url: `/api/admin/watched-words/${id}`, headers: actor.headers });
const tryText = (text: string, actor = admin) => app.inject({ method: 'POST', url: '/api/admin/watched-words/test', headers: actor.headers, payload: { text } });
const auditOf = (action: string) =>
  app.db.query<{ target_id: string | null; detail: Record<string, unknown> }>(`select target_id, detail from moderation_log where org_id = $1 and action = $2 order by id`, [ORG, action]);

describe('admins keep the watched words', () => {
  it('add, refuse the same word written otherwise, change and remove, each with its audit line', async () => {
    const spam = data<WatchedWord>(await add('  Spam  ', 'block'));
    expect(spam).toMatchObject({ word: 'Spam', action: 'block' });
    expectError(await add('ＳＰＡＭ', 'censor'), 'watched_word_exists');
    expectError(await add('**', 'block'), 'validation_failed');
    expectError(await add('word', 'delete'), 'validation_failed');
    const eggs = data<WatchedWord>(await add('eggs', 'flag'));
    expectError(await update(eggs.id, { word: 'spam', action: 'flag' }), 'watched_word_exists');
    expect(data<WatchedWord>(await update(eggs.id, { word: 'eggs*', action: 'censor' }))).toMatchObject({ id: eggs.id, word: 'eggs*', action: 'censor' });
    expect(data<{ items: WatchedWord[] }>(await words()).items.map((w) => w.word)).toEqual(['eggs*', 'Spam']);
    expect(data(await remove(eggs.id))).toEqual({});
    expectError(await remove(eggs.id), 'not_found');
    expect((await auditOf('add_watched_word')).map((l) => l.detail)).toEqual([{ word: 'Spam', action: 'block' }, { word: 'eggs', action: 'flag' }]);
    expect((await auditOf('update_watched_word'))[0]).toEqual({ target_id: eggs.id, detail: { from: { word: 'eggs', action: 'flag' }, to: { word: 'eggs*', action: 'censor' } } });
    expect((await auditOf('remove_watched_word'))[0]).toEqual({ target_id: eggs.id, detail: { word: 'eggs*', action: 'censor' } });
  });

  it('import a list, one word a line, and try a text against the rules', async () => {
    const payload = { words: 'scam*\n\n傻逼\nｶﾞﾝﾀﾞﾑ\nSPAM\n**\nscam*', action: 'censor' };
    const imported = data<WatchedWordImportResult>(await app.inject({ method: 'POST', url: '/api/admin/watched-words/import', headers: admin.headers, payload }));
    // "SPAM" is the kept "Spam", which takes the list's action; "**" and the second "scam*" are skipped.
    expect(imported).toEqual({ added: 3, updated: 1, skipped: 2 });
    expect((await auditOf('import_watched_words'))[0]).toEqual({ target_id: null, detail: { action: 'censor', added: 3, updated: 1, skipped: 2 } });
    const tried = data<WatchedWordTestResult>(await tryText('你 傻 逼 ガンダム scammers'));
    expect(tried.matched.map((m) => m.word).sort()).toEqual(['scam*', '傻逼', 'ｶﾞﾝﾀﾞﾑ']);
    expect(tried.censored).toBe('你 ■■■ ■■■■ ■■■■■■■■');
    await update((data<{ items: WatchedWord[] }>(await words()).items.find((w) => w.word === 'Spam'))!.id, { word: 'Spam', action: 'block' });
  });

  it('are the organisation’s admins’ only', async () => {
    for (const actor of [moderator, author]) {
      expectError(await words(actor), 'forbidden');
      expectError(await add('x-word', 'block', actor), 'forbidden');
      expectError(await tryText('spam', actor), 'forbidden');
    }
    // Another organisation's admin sees none of these words and reaches none of them.
    expect(data<{ items: WatchedWord[] }>(await words(otherAdmin)).items).toEqual([]);
    const [one] = data<{ items: WatchedWord[] }>(await words()).items;
    expectError(await update(one!.id, { word: 'other', action: 'flag' }, otherAdmin), 'not_found');
    expectError(await remove(one!.id, otherAdmin), 'not_found');
  });
});

describe('members’ texts meet the watched words', () => {
  it('refuse a blocked word in a post, comment, bio or configuration name, new or edited, in a message that names no word', async () => {
    const refused = await createPost(app, author, { content: 'cheap S P A M here', media: [] });
    expectError(refused, 'text_refused');
    expect(refused.json().message).toBe(errorMessages.text_refused.cn);
    expect(refused.json().message).not.toMatch(/spam/i);
    const post = data<Post>(await createPost(app, author, { content: 'a clean post', media: [] }));
    expectError(await app.inject({ method: 'PATCH', url: `/api/posts/${post.id}`, headers: { ...author.headers, 'idempotency-key': crypto.randomUUID() }, payload: { content: 'now ｓｐａｍ', media: [] } }), 'text_refused');
    expectError(await commentOn(app, author, post.id, 'sp\u200bam'), 'text_refused');
    const comment = data<Comment>(await commentOn(app, author, post.id, 'fine'));
    expectError(await app.inject({ method: 'PATCH', url: `/api/comments/${comment.id}`, headers: author.headers, payload: { content: 'SPAM!' } }), 'text_refused');
    // A bio and a configuration's name are checked as well.
    expectError(await app.inject({ method: 'PATCH', url: '/api/me', headers: author.headers, payload: { bio: 'I sell s-p-a-m' } }), 'text_refused');
    expectError(await createConfig(app, author, fpsMapping('pro-2', 'SPAM paddles')), 'text_refused');
    const config = await makeConfig(app, author, fpsMapping());
    expectError(await app.inject({ method: 'PUT', url: `/api/configs/${config.id}`, headers: author.headers, payload: fpsMapping('pro-2', 'spam') }), 'text_refused');
    // So is a new username and its nickname; a longer word that holds the word is another word.
    const register = (username: string, nickname?: string) =>
      app.inject({ method: 'POST', url: '/api/auth/register', headers: { accorgid: ORG }, payload: { username, nickname, password: 'correct horse battery' } });
    expect((await register('spammer1')).statusCode).toBe(200);
    // `_` joins a name: spam_2 is a name, not the word; letters spaced out with it are still the word.
    expect((await register('spam_2')).statusCode).toBe(200);
    expectError(await register('s_p_a_m'), 'text_refused');
    expectError(await register('realname', 'SPAM'), 'text_refused');
    // Another organisation's words are not this one's.
    expect((await createPost(app, otherAuthor, { content: 'spam', media: [] })).statusCode).toBe(200);
  });

  it('hold a post with a word that needs approval for review, under post-moderation too', async () => {
    await add('giveaway', 'require_approval');
    const held = data<Post>(await createPost(app, author, { content: 'Big GIVEAWAY today', media: [] }));
    expect(held.reviewStatus).toBe('pending');
    const pending = data<{ items: Array<{ id: string; watchedWords?: string[] }> }>(await app.inject({ method: 'GET', url: '/api/admin/posts/pending', headers: moderator.headers }));
    // Moderators see which words held it.
    expect(pending.items.find((p) => p.id === held.id)?.watchedWords).toEqual(['giveaway']);
    const plain = data<Post>(await createPost(app, author, { content: 'no words here', media: [] }));
    expect(plain.reviewStatus).toBe('passed');
    const edited = await app.inject({
      method: 'PATCH',
      url: `/api/posts/${plain.id}`,
      headers: { ...author.headers, 'idempotency-key': crypto.randomUUID() },
      payload: { content: 'a giveaway now', media: [] },
    });
    // The passed version stays while the edit waits, as under pre-moderation.
    expect(data<Post>(edited)).toMatchObject({ content: 'no words here', pendingEdit: { content: 'a giveaway now' } });
    const queue = data<{ items: Array<{ id: string; edit?: { watchedWords?: string[] } | null }> }>(
      await app.inject({ method: 'GET', url: '/api/admin/posts/pending', headers: moderator.headers }),
    );
    expect(queue.items.find((p) => p.id === plain.id)?.edit?.watchedWords).toEqual(['giveaway']);
  });

  it('censor a word for everyone but the author: post, feed, search, comments, notifications; and refuse it in names', async () => {
    await add('darn*', 'censor');
    const reader = await registerUser(app);
    const post = data<Post>(await createPost(app, author, { content: `Darned stick drift @${reader.username}`, media: [] }));
    const others = `■■■■■■ stick drift @${reader.username}`;
    expect(post.content).toBe(`Darned stick drift @${reader.username}`);
    const read = async (url: string, actor?: { headers: Record<string, string> }) => (await app.inject({ method: 'GET', url, headers: actor?.headers ?? { accorgid: ORG } })).json().data;
    expect((await read(`/api/posts/${post.id}`, reader)).content).toBe(others);
    expect((await read(`/api/posts/${post.id}`, author)).content).toBe(post.content);
    for (const actor of [reader, undefined]) {
      expect((await read('/api/posts?sort=new', actor)).items.find((p: Post) => p.id === post.id)?.content).toBe(others);
      expect((await read('/api/posts?q=stick%20drift', actor)).items.find((p: Post) => p.id === post.id)?.content).toBe(others);
    }
    expect((await read('/api/posts?sort=new', author)).items.find((p: Post) => p.id === post.id)?.content).toBe(post.content);
    const comment = data<Comment>(await commentOn(app, author, post.id, 'darn it, darn it'));
    expect(comment.content).toBe('darn it, darn it');
    const comments = await read(`/api/posts/${post.id}/comments`, reader);
    expect(comments.items.find((c: Comment) => c.id === comment.id)?.content).toBe('■■■■ it, ■■■■ it');
    // The reader was named: their notification's excerpt is censored as the post is.
    const told = (await read('/api/notifications', reader)).items.find((n: { type: string }) => n.type === 'mention');
    expect(told?.target.excerpt).toBe(others);
    // An edit is censored anew.
    await app.inject({ method: 'PATCH', url: `/api/comments/${comment.id}`, headers: author.headers, payload: { content: 'fine now' } });
    expect((await read(`/api/posts/${post.id}/comments`, reader)).items.find((c: Comment) => c.id === comment.id)?.content).toBe('fine now');
    // A name or bio drawn as ■■ is no name: refused.
    expectError(await app.inject({ method: 'PATCH', url: '/api/me', headers: author.headers, payload: { nickname: 'Darnell' } }), 'text_refused');
  });

  it('flag a post or comment: it goes through, and the system reports it with the words, once per target', async () => {
    await add('raffle', 'flag');
    const post = data<Post>(await createPost(app, author, { content: 'Join my RAFFLE', media: [] }));
    expect(post.reviewStatus).toBe('passed');
    const comment = data<Comment>(await commentOn(app, author, post.id, 'raffle tickets here'));
    await app.inject({ method: 'PATCH', url: `/api/comments/${comment.id}`, headers: author.headers, payload: { content: 'more raffle tickets' } });
    const cases = data<{ items: ModerationCase[] }>(await app.inject({ method: 'GET', url: '/api/admin/reports?limit=50', headers: moderator.headers })).items;
    const system = { reporter: null, reason: 'watched_word', watchedWords: ['raffle'], status: 'received' };
    expect(cases.find((c) => c.targetType === 'post' && c.targetId === post.id)?.reports).toMatchObject([system]);
    // The edit flagged again: still one report, waiting.
    expect(cases.find((c) => c.targetType === 'comment' && c.targetId === comment.id)?.reports).toMatchObject([system]);
    // A word that asks for approval holds a comment for review: no report is opened for it.
    const asking = data<Comment>(await commentOn(app, author, post.id, 'GIVEAWAY inside'));
    expect(asking.waiting).toBe(true);
    const later = data<{ items: ModerationCase[] }>(await app.inject({ method: 'GET', url: '/api/admin/reports?limit=50', headers: moderator.headers })).items;
    expect(later.find((c) => c.targetId === asking.id)).toBeUndefined();
    // Dismissed, the case closes like any other.
    const dismissed = await app.inject({ method: 'POST', url: '/api/admin/reports/dismiss', headers: moderator.headers, payload: { targetType: 'post', targetId: post.id, reason: 'a raffle is allowed' } });
    expect(dismissed.statusCode).toBe(200);
  });

  it('hold a comment with a word that needs approval: its author’s alone, uncounted and untold until a moderator passes it; an edit too', async () => {
    await add('preorder', 'require_approval');
    const [poster, named] = [await registerUser(app), await registerUser(app)];
    const post = data<Post>(await createPost(app, poster, { content: 'Which stick?', media: [] }));
    const held = data<Comment>(await commentOn(app, author, post.id, `PREORDER here @${named.username}`));
    expect(held.waiting).toBe(true);
    const read = async (url: string, actor: { headers: Record<string, string> }) => (await app.inject({ method: 'GET', url, headers: actor.headers })).json().data;
    const thread = (actor: { headers: Record<string, string> }) => read(`/api/posts/${post.id}/comments`, actor).then((page) => page.items as Comment[]);
    const told = (actor: { headers: Record<string, string> }) => read('/api/notifications', actor).then((page) => page.items.map((n: { type: string }) => n.type) as string[]);
    expect((await thread(author)).map((c) => [c.id, c.waiting])).toEqual([[held.id, true]]);
    expect(await thread(poster)).toEqual([]);
    expect((await read(`/api/posts/${post.id}`, poster)).commentCount).toBe(0);
    expect([...(await told(poster)), ...(await told(named))]).toEqual([]);
    // Nobody answers it meanwhile: to others it is not there.
    expectError(await commentOn(app, poster, post.id, 'what?', held.id), 'not_found');
    // Moderators see it in the review queue with the words that hold it; nobody else reads the queue.
    const queue = () => read('/api/admin/comments/held', moderator).then((page) => page.items as Array<{ id: string; watchedWords: string[]; heldEdit: boolean; postContent: string }>);
    expect((await queue()).find((c) => c.id === held.id)).toMatchObject({ watchedWords: ['preorder'], heldEdit: false, postContent: 'Which stick?' });
    expectError(await app.inject({ method: 'GET', url: '/api/admin/comments/held', headers: author.headers }), 'forbidden');
    const decide = (id: string, verdict: 'pass' | 'not-pass', payload: object = { reason: 'checked' }, actor = moderator) =>
      app.inject({ method: 'POST', url: `/api/admin/comments/${id}/${verdict}`, headers: actor.headers, payload });
    expectError(await decide(held.id, 'pass', {}), 'validation_failed');
    expectError(await decide(held.id, 'pass', { reason: 'mine' }, author), 'forbidden');
    expectError(await decide(held.id, 'pass', { reason: 'elsewhere' }, await registerStaff(app, 'moderator', { org: OTHER_ORG })), 'not_found');
    expect((await decide(held.id, 'pass')).statusCode).toBe(200);
    // Passed: counted, shown, and those a comment tells are told now; it is decided only once.
    expectError(await decide(held.id, 'pass'), 'not_found');
    expect((await thread(poster)).map((c) => [c.id, c.waiting])).toEqual([[held.id, undefined]]);
    expect((await read(`/api/posts/${post.id}`, poster)).commentCount).toBe(1);
    expect([await told(poster), await told(named)]).toEqual([['comment'], ['mention']]);
    // An edit with the word holds it again, out of the count; not passed, it is deleted and its author told why.
    const edited = await app.inject({ method: 'PATCH', url: `/api/comments/${held.id}`, headers: author.headers, payload: { content: 'preorder again' } });
    expect(data<Comment>(edited).waiting).toBe(true);
    expect(await thread(poster)).toEqual([]);
    expect((await read(`/api/posts/${post.id}`, poster)).commentCount).toBe(0);
    expect((await queue()).find((c) => c.id === held.id)?.heldEdit).toBe(true);
    expect((await decide(held.id, 'not-pass', { reason: 'no selling here' })).statusCode).toBe(200);
    expect(await thread(author)).toEqual([]);
    // Deleted, unlike a post not passed (which its author keeps reading with the reason): the notice says why, and which text it was.
    expect((await read('/api/notifications', author)).items.find((n: { type: string }) => n.type === 'comment_removed')).toMatchObject({
      reason: 'no selling here', target: { type: 'comment', id: held.id, gone: true, excerpt: 'preorder again' },
    });
    expect((await auditOf('not_pass')).at(-1)).toMatchObject({ target_id: held.id, detail: { held: true } });
    expect((await auditOf('pass')).at(-1)).toMatchObject({ target_id: held.id });
  });

  it('are checked with the rules as they are now in every process', async () => {
    // A second service on the same database stands for another process with its own compiled matcher.
    const elsewhere = new WatchedWordsService(app.db, { watchedWords: new WatchedWordsRepo(app.db), reports: new ReportsRepo(app.db) });
    expect((await elsewhere.screen(ORG, 'lottery')).matched).toEqual([]);
    const lottery = data<WatchedWord>(await add('lottery', 'flag'));
    expect((await elsewhere.screen(ORG, 'lottery')).matched.map((m) => m.id)).toEqual([lottery.id]);
    await remove(lottery.id);
    expect((await elsewhere.screen(ORG, 'lottery')).matched).toEqual([]);
  });
});
