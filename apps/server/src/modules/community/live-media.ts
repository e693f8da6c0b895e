import type { Media } from '@padhub/contracts';
import type { Queryable } from '#server/db/client.ts';
import { deregistered } from '#server/modules/accounts/public.ts';
import { author, joinAuthor } from './aliases.ts';

/**
 * The media of the author's posts that are not deleted (a post refused in review included: its
 * author still sees it, and a moderator may pass it after all), and of their edits waiting for
 * review (or not passed: the author may send them again), unless the account is deregistered.
 * `among` narrows the posts read to those naming one of these keys.
 */
export async function liveMediaOf(q: Queryable, orgId: string, authorId: string, among?: readonly string[]): Promise<Media[]> {
  const naming = (media: string) => `($3::text[] is null or exists (
    select 1 from jsonb_array_elements(${media}) m where array[m->>'path', m->>'thumb', m->>'preview'] && $3::text[]))`;
  const posts = await q.query<{ media: Media[] }>(
    `select p.media from posts p ${joinAuthor}
     where p.org_id = $1 and p.author_id = $2::bigint and p.deleted_at is null and not ${deregistered(author)} and ${naming('p.media')}
     union all
     select e.media from post_edits e join posts p on p.id = e.post_id ${joinAuthor}
     where p.org_id = $1 and p.author_id = $2::bigint and p.deleted_at is null and not ${deregistered(author)} and ${naming('e.media')}`,
    [orgId, authorId, among ? [...among] : null],
  );
  return posts.flatMap((post) => post.media);
}
