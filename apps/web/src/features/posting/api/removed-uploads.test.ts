import { beforeEach, describe, expect, it } from 'vitest';
import { errorCatalogue } from '@padhub/contracts';
import { ApiError } from '@/platform/api/client.ts';
import { type DraftFile, usePostDraft } from '@/platform/post-draft.ts';
import { forgetRemovedUpload } from './removed-uploads.ts';

const done = (key: string) => ({ key, uploadId: 'u', done: true });
const file = (id: string, key: string, poster?: string): DraftFile => ({
  id,
  name: `${id}.mp4`,
  type: 'video/mp4',
  size: 10,
  kind: poster ? 'video' : 'image',
  upload: done(key),
  poster: poster ? { id: `${id}-poster`, upload: done(poster) } : null,
});
const refused = (key: 'media_removed' | 'media_missing' | 'media_type_mismatch', path?: string) =>
  new ApiError({ code: errorCatalogue[key].code, message: key, data: path === undefined ? undefined : { path } }, 422);

describe('a file the server found removed from storage', () => {
  beforeEach(() => {
    usePostDraft.getState().clear();
    usePostDraft.setState({ files: [file('a', 'u/p/1/post/a.jpg'), file('v', 'u/p/1/post/v.mp4', 'u/p/1/post/v.jpg')], idempotencyKey: 'k1' });
  });

  it('is uploaded again on the next send (its record is forgotten), the key and the other files kept', () => {
    forgetRemovedUpload(refused('media_removed', 'u/p/1/post/v.jpg'));
    forgetRemovedUpload(refused('media_missing', 'u/p/1/post/a.jpg'));
    const [a, v] = usePostDraft.getState().files;
    expect(a!.upload).toBeNull();
    expect(v!.upload).toEqual(done('u/p/1/post/v.mp4'));
    expect(v!.poster!.upload).toBeNull();
    expect(usePostDraft.getState().idempotencyKey).toBe('k1');
  });

  it('leaves the draft alone for other refusals, or one that names no path', () => {
    const before = usePostDraft.getState().files;
    forgetRemovedUpload(refused('media_type_mismatch', 'u/p/1/post/a.jpg'));
    forgetRemovedUpload(refused('media_missing'));
    forgetRemovedUpload(new Error('network'));
    expect(usePostDraft.getState().files).toEqual(before);
  });
});
