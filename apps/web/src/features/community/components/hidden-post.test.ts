import { describe, expect, it } from 'vitest';
import { errorCatalogue } from '@padhub/contracts';
import { ApiError } from '@/platform/api/client.ts';
import { hiddenByViewer } from './hidden-post.tsx';

const author = { id: '9', username: 'troll', nickname: 'Troll', avatar: null, state: 0 };
const failure = (key: keyof typeof errorCatalogue, data?: unknown) =>
  new ApiError({ code: errorCatalogue[key].code, message: '', data }, errorCatalogue[key].status);

describe('a post hidden by my own list', () => {
  it('is told apart from a post that does not exist, with whom and which list', () => {
    expect(hiddenByViewer(failure('author_hidden_by_you', { author, list: 'block' }))).toEqual({ author, list: 'block' });
    expect(hiddenByViewer(failure('not_found'))).toBeNull();
    expect(hiddenByViewer(new Error('offline'))).toBeNull();
  });

  it('is not trusted when the answer lacks its data', () => {
    expect(hiddenByViewer(failure('author_hidden_by_you', { list: 'mute' }))).toBeNull();
  });
});
