import type { Queryable } from '#server/db/client.ts';
import { placeholder, sql } from '#server/db/sql.ts';
import type { QuestionParam, SessionQuestion } from '#server/http/context.ts';
import type { PostRow } from './rows.ts';

/** What a signed-in reader adds to a first feed page read for nobody (first-pages.ts). */
export interface ViewerOnPage {
  liked: string[];
  favourited: string[];
  /** Each post's like and favourite counts as they are now (null: no post on the page). */
  counts: Record<string, [number, number]> | null;
  /** The shared page is not theirs: they get their own read. */
  own: boolean;
}

/**
 * A shared page's rows as a reader sees them, their likes, favourites and the counts now, and the
 * key of that view (first-pages.ts and search-pages.ts give it to everyone who reads it the same).
 */
export function markedForReader(marks: ViewerOnPage): { key: string; marked: (row: PostRow) => PostRow } {
  const [liked, favourited] = [new Set(marks.liked), new Set(marks.favourited)];
  const counts = marks.counts ?? {};
  return {
    key: JSON.stringify([marks.liked.sort(), marks.favourited.sort(), counts]),
    marked: (row) => {
      const [likeCount, favouriteCount] = counts[row.id] ?? [row.like_count, row.favourite_count];
      return { ...row, liked: liked.has(row.id), favourited: favourited.has(row.id), like_count: likeCount, favourite_count: favouriteCount };
    },
  };
}

/**
 * The viewer's likes and favourites among the page's posts (`ids`), the posts' like and favourite
 * counts now (so a like just given is counted for its giver), and whether the page read for
 * nobody would be wrong for them, as one SQL expression asked with their session (a JSON object
 * of `ViewerOnPage`): feed_marks (migration 024), planned once per connection. The page would be
 * wrong for them when:
 * - they have people on their lists (those authors' posts and comment counts change for them);
 * - one of the page's `authors` blacklisted them;
 * - they have a live post from the lowest id on the page (`from`) on: one the page should hold
 *   but may not (written since it was read; an author sees their new post at once). Their posts
 *   on the page themselves (their review reason and waiting edit) the caller checks.
 */
export function viewerOnPage(ids: string[], authors: string[], from: string): SessionQuestion {
  return (viewer, param) => sql`feed_marks(${viewer}, ${param(`{${ids.join(',')}}`, 'bigint[]')}, ${param(`{${authors.join(',')}}`, 'bigint[]')}, ${param(from, 'bigint')})`;
}

/** Asks `question` about the viewer on its own, when their session was read without it. */
export async function askAbout<T>(db: Queryable, viewerId: string, question: SessionQuestion): Promise<T> {
  const values: unknown[] = [viewerId];
  const param: QuestionParam = (value, type) => placeholder(values.push(value), type);
  const [row] = await db.query<{ answer: T }>(`select ${question(placeholder(1, 'bigint'), param)} as answer`, values);
  return row!.answer;
}
