import { beforeEach, describe, expect, it } from 'vitest';
import { type DraftFile, switchDraftOwner, usePostDraft } from './post-draft.ts';

const file = (id: string, kind: 'image' | 'video' = 'image'): DraftFile => ({ id, name: `${id}.jpg`, type: 'image/jpeg', size: 10, kind, upload: null, poster: null });
const draft = () => usePostDraft.getState();

describe('the post draft', () => {
  beforeEach(() => draft().clear());

  it('keeps one Idempotency-Key through retries of an unchanged draft', () => {
    draft().setContent('hello');
    const key = draft().sendKey();
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    // Upload progress is not a change to what is sent.
    draft().addFiles([file('a')]);
    const second = draft().sendKey();
    draft().setUpload('a', { key: 'u/p/1/post/1abcd.jpg', uploadId: 'up-1', done: false });
    expect(draft().sendKey()).toBe(second);
  });

  it('starts a new key after any change to what would be sent', () => {
    const changes: (() => void)[] = [
      () => draft().setContent('edited'),
      () => draft().setConfigIds(['7']),
      () => draft().setModel('lite'),
      () => draft().addFiles([file('x')]),
      () => draft().removeFile('a'),
      () => draft().moveFile('b', -1),
    ];
    for (const change of changes) {
      draft().clear();
      draft().addFiles([file('a'), file('b')]);
      const before = draft().sendKey();
      change();
      expect(draft().idempotencyKey).toBeNull();
      expect(draft().sendKey()).not.toBe(before);
    }
  });

  it('keeps a key in doubt through every change, until it is dropped', () => {
    const changes: (() => void)[] = [
      () => draft().setContent('edited after the answer was lost'),
      () => draft().setConfigIds(['7']),
      () => draft().setModel('lite'),
      () => draft().addFiles([file('x')]),
      () => draft().removeFile('a'),
      () => draft().moveFile('b', -1),
    ];
    draft().addFiles([file('a'), file('b')]);
    const key = draft().sendKey();
    draft().doubtKey();
    for (const change of changes) {
      change();
      expect(draft().idempotencyKey).toBe(key);
    }
    expect(draft().sendKey()).toBe(key);
    // It survives a reload with the draft.
    expect(JSON.parse(localStorage.getItem('padhub.postDraft.anonymous') ?? '{}').state).toMatchObject({ idempotencyKey: key, keyInDoubt: true });

    draft().dropKey();
    expect(draft()).toMatchObject({ idempotencyKey: null, keyInDoubt: false });
    draft().setContent('a new send');
    expect(draft().sendKey()).not.toBe(key);
  });

  it('has nothing to doubt before a key is made, and a cleared draft doubts nothing', () => {
    draft().doubtKey();
    expect(draft().keyInDoubt).toBe(false);
    draft().sendKey();
    draft().doubtKey();
    draft().clear();
    expect(draft()).toMatchObject({ idempotencyKey: null, keyInDoubt: false });
  });

  it('remembers where each upload got to, a video poster included', () => {
    const video = { ...file('v', 'video'), poster: { id: 'p', upload: null } };
    draft().addFiles([file('a'), video]);
    draft().setUpload('a', { key: 'k1', uploadId: 'u1', done: true });
    draft().setUpload('p', { key: 'k2', uploadId: 'u2', done: false });
    expect(draft().files.map((f) => [f.upload?.key ?? null, f.poster?.upload?.key ?? null])).toEqual([
      ['k1', null],
      [null, 'k2'],
    ]);
  });

  it('moves files one place at a time and not past either end', () => {
    draft().addFiles([file('a'), file('b'), file('c')]);
    draft().moveFile('c', -1);
    draft().moveFile('a', -1);
    expect(draft().files.map((f) => f.id)).toEqual(['a', 'c', 'b']);
    draft().moveFile('b', 1);
    expect(draft().files.map((f) => f.id)).toEqual(['a', 'c', 'b']);
  });

  it('survives a reload: it lives in local storage', () => {
    draft().setContent('kept');
    draft().addFiles([file('a')]);
    const stored = JSON.parse(localStorage.getItem('padhub.postDraft.anonymous') ?? '{}');
    expect(stored.state).toMatchObject({ content: 'kept', files: [{ id: 'a' }] });
  });
});

describe('whose draft it is', () => {
  it('keeps each person’s draft apart, and brings what was written before logging in along', async () => {
    localStorage.clear();
    await switchDraftOwner(null);
    usePostDraft.getState().setContent('written before logging in');
    await switchDraftOwner('41');
    expect(usePostDraft.getState().content).toBe('written before logging in');
    usePostDraft.getState().setContent('alice’s draft');

    await switchDraftOwner('42');
    // Someone else on the same device sees none of it.
    expect(usePostDraft.getState().content).toBe('');
    usePostDraft.getState().setContent('bob’s draft');

    await switchDraftOwner('41');
    expect(usePostDraft.getState().content).toBe('alice’s draft');
    await switchDraftOwner(null);
    expect(usePostDraft.getState().content).toBe('');
  });
});
