import { fail } from '#server/lib/errors.ts';

/**
 * Keyset cursors: the sort key of the last item of a page, tagged with the list it belongs to,
 * as base64url JSON. Opaque to clients; a cursor of one list is refused by another.
 */
export type CursorKind =
  | 'feed-new'
  | 'feed-popular'
  | 'feed-relevance'
  | 'comments'
  | 'replies'
  | 'my-posts'
  | 'my-comments'
  | 'my-likes'
  | 'my-favourites'
  // Safety and moderation lists.
  | 'my-reports'
  | 'my-blocks'
  | 'my-blacklist'
  | 'cases'
  | 'review-queue'
  | 'held-comments'
  | 'audit'
  | 'staff-users'
  | 'removed-pictures'
  // Configurations.
  | 'my-configs'
  | 'config-posts'
  | 'config-copies'
  | 'hub-new'
  | 'hub-applied30'
  | 'hub-applied'
  | 'hub-liked'
  // The shop's Mall.
  | 'goods'
  // The shop console's goods of one category.
  | 'admin-goods'
  // Notifications and people.
  | 'notifications'
  | 'followers'
  | 'following'
  | 'feed-following'
  | 'user-configs'
  | 'user-posts';

const bigintText = /^\d{1,19}$/;
// The key columns' ranges: a value outside them would reach PostgreSQL and fail the cast there (a 500).
const INT8_MAX = 9223372036854775807n;
const INT4_MIN = -2147483648;
const INT4_MAX = 2147483647;

export function encodeCursor(kind: CursorKind, key: (string | number)[]): string {
  return Buffer.from(JSON.stringify([kind, ...key])).toString('base64url');
}

/** A cursor's key: bigints as decimal strings, scores as integers, each within its column's range. Refuses anything else with a 400. */
export function decodeCursor(kind: CursorKind, cursor: string, shape: ('bigint' | 'int')[]): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (!Array.isArray(parsed) || parsed[0] !== kind || parsed.length !== shape.length + 1) throw invalidCursor();
  return shape.map((type, index) => {
    const value: unknown = parsed[index + 1];
    if (type === 'bigint' && typeof value === 'string' && bigintText.test(value) && BigInt(value) <= INT8_MAX) return value;
    if (type === 'int' && Number.isInteger(value) && (value as number) >= INT4_MIN && (value as number) <= INT4_MAX) return String(value);
    throw invalidCursor();
  });
}

export function invalidCursor() {
  return fail('validation_failed', {
    data: { issues: [{ path: 'querystring.cursor', message: 'not a cursor of this list; start again without one' }] },
  });
}

/** Reads limit + 1 rows and answers the page and the cursor of the next one (null at the end). */
export function pageOf<Row, Item>(rows: Row[], limit: number, toItem: (row: Row) => Item, cursorOf: (row: Row) => string) {
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  return { items: items.map(toItem), nextCursor: rows.length > limit && last ? cursorOf(last) : null };
}
