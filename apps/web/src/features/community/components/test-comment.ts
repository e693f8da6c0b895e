import type { Comment } from '@padhub/contracts';

/** A top-level comment by Mina on post 41, for the comment components' tests. */
export const mina = { id: '9', username: 'mina', nickname: 'Mina', avatar: null, state: 0 };
export const comment: Comment = {
  id: '10',
  postId: '41',
  author: mina,
  content: 'Great macro, thanks!',
  rootId: null,
  replyTo: null,
  replyToAuthor: null,
  likeCount: 2,
  replyCount: 0,
  liked: false,
  deleted: false,
  createdAt: new Date().toISOString(),
  editedAt: null,
};
