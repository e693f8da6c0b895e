import type { Queryable } from '#server/db/client.ts';

/**
 * Every object still named by something live of the owner (`among` may narrow the read to these
 * keys), asked in the transaction `q` under the owner's lock. What names objects belongs to the
 * modules above this one (posts, avatars, goods pictures): app.ts hands their answer in.
 */
export type LiveKeys = (q: Queryable, owner: { orgId: string; userId: string | null }, among?: readonly string[]) => Promise<Set<string>>;
