import type { WatchedAction, WatchedWord } from '@padhub/contracts';
import { Repo } from '#server/db/repo.ts';

const columns = `id, word, action, to_char(updated_at at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "updatedAt"`;

export class WatchedWordsRepo extends Repo {
  /** The version of the organisation's words ('0' before any change). */
  async version(orgId: string): Promise<string> {
    const [row] = await this.q.query<{ version: string }>('select version from watched_word_versions where org_id = $1', [orgId]);
    return row?.version ?? '0';
  }

  /** Raises the version, in the transaction of the change it records. */
  async bump(orgId: string): Promise<void> {
    await this.q.query(
      `insert into watched_word_versions (org_id, version) values ($1, 1)
       on conflict (org_id) do update set version = watched_word_versions.version + 1`,
      [orgId],
    );
  }

  list(orgId: string): Promise<WatchedWord[]> {
    return this.q.query<WatchedWord>(`select ${columns} from watched_words where org_id = $1 order by match_key, id`, [orgId]);
  }

  async count(orgId: string): Promise<number> {
    const [row] = await this.q.query<{ n: number }>('select count(*)::int as n from watched_words where org_id = $1', [orgId]);
    return row!.n;
  }

  /** The new word, or undefined when the organisation keeps one of the same key. */
  async insert(orgId: string, word: string, key: string, action: WatchedAction): Promise<WatchedWord | undefined> {
    const [row] = await this.q.query<WatchedWord>(
      `insert into watched_words (org_id, word, match_key, action) values ($1, $2, $3, $4)
       on conflict (org_id, match_key) do nothing returning ${columns}`,
      [orgId, word, key, action],
    );
    return row;
  }

  /** Adds a word or gives the one of the same key this action; answers whether it was new. */
  async upsert(orgId: string, word: string, key: string, action: WatchedAction): Promise<'added' | 'updated' | 'same'> {
    const [row] = await this.q.query<{ added: boolean }>(
      `insert into watched_words (org_id, word, match_key, action) values ($1, $2, $3, $4)
       on conflict (org_id, match_key) do update set action = excluded.action, updated_at = now()
         where watched_words.action <> excluded.action
       returning (xmax = 0) as added`,
      [orgId, word, key, action],
    );
    return row === undefined ? 'same' : row.added ? 'added' : 'updated';
  }

  async lock(orgId: string, id: string): Promise<WatchedWord | undefined> {
    const [row] = await this.q.query<WatchedWord>(`select ${columns} from watched_words where org_id = $1 and id = $2 for update`, [orgId, id]);
    return row;
  }

  /** Undefined when another word has the new key. */
  async update(orgId: string, id: string, word: string, key: string, action: WatchedAction): Promise<WatchedWord | undefined> {
    const [row] = await this.q.query<WatchedWord>(
      `update watched_words set word = $3, match_key = $4, action = $5, updated_at = now()
       where org_id = $1 and id = $2
         and not exists (select 1 from watched_words other where other.org_id = $1 and other.match_key = $4 and other.id <> $2)
       returning ${columns}`,
      [orgId, id, word, key, action],
    );
    return row;
  }

  async remove(orgId: string, id: string): Promise<void> {
    await this.q.query('delete from watched_words where org_id = $1 and id = $2', [orgId, id]);
  }
}
