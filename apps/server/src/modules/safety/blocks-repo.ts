import { aliasOf, col } from '#server/db/sql.ts';
import { joinUser, type ListedPersonRow, plainUserColumns } from '#server/modules/accounts/public.ts';
import { Repo } from '#server/db/repo.ts';

/** A list's entry `b` and the person `u` it names. */
const block = aliasOf('user_blocks', 'b');
const person = aliasOf('users', 'u');

export type BlockKind = 'block' | 'blacklist';

/**
 * Block lists and blacklists. What they hide is decided in community/visibility.ts (with the
 * fragments of public.ts), nowhere else.
 */
export class BlocksRepo extends Repo {
  /** Idempotent: putting someone on a list twice, or taking them off twice, changes nothing more. */
  async set(orgId: string, userId: string, targetId: string, kind: BlockKind, on: boolean): Promise<void> {
    if (on) {
      await this.q.query(
        `insert into user_blocks (user_id, target_id, kind, org_id) values ($1, $2, $3, $4) on conflict do nothing`,
        [userId, targetId, kind, orgId],
      );
    } else {
      await this.q.query('delete from user_blocks where user_id = $1 and target_id = $2 and kind = $3', [userId, targetId, kind]);
    }
  }

  /** The people on one of my lists, the most recently added first. */
  list(userId: string, kind: BlockKind, after: string | undefined, limit: number): Promise<ListedPersonRow[]> {
    return this.q.query<ListedPersonRow>(
      `select b.seq, b.created_at, ${plainUserColumns(person)}
       from user_blocks b ${joinUser(person, col(block, 'target_id'))}
       where b.user_id = $1 and b.kind = $2 and ($3::bigint is null or b.seq < $3::bigint)
       order by b.seq desc limit $4`,
      [userId, kind, after ?? null, limit + 1],
    );
  }
}
