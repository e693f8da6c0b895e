import { aliasOf, col } from '#server/db/sql.ts';
import { joinUser } from '#server/modules/accounts/public.ts';

/**
 * The rows community's statements read, under the aliases every statement gives them: a post `p`
 * by `u`; a comment `c` by `u` on a post `p` by `pu`, answering `rc` by `ru`. Fragments (visibility.ts, accounts' and
 * facts' public.ts) take these typed rows, never an alias as text.
 */
export const post = aliasOf('posts', 'p');
export const comment = aliasOf('comments', 'c');
export const author = aliasOf('users', 'u');
export const postOwner = aliasOf('users', 'pu');
/** The author `a` of a post of the search's window `w` (search-repo.ts), checked on the rows the window keeps. */
export const windowAuthor = aliasOf('users', 'a');
/** The comment `c` answers (`rc`), and its author (`ru`). */
export const answered = aliasOf('comments', 'rc');
export const answeredAuthor = aliasOf('users', 'ru');

/** `join users u on u.id = p.author_id`: the post's author. */
export const joinAuthor = joinUser(author, col(post, 'author_id'));
/** `join users u on u.id = c.author_id`: the comment's author. */
export const joinCommentAuthor = joinUser(author, col(comment, 'author_id'));
/** `join users pu on pu.id = p.author_id`: the author of the post a comment is on. */
export const joinPostOwner = joinUser(postOwner, col(post, 'author_id'));
