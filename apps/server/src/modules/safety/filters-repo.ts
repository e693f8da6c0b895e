import type { Filter, FilterAction, FilterContext } from '@padhub/contracts';
import { sql } from '#server/db/sql.ts';
import type { SessionQuestion } from '#server/http/context.ts';
import type { PersonalFilterRule } from '#server/lib/watched-words/personal.ts';
import { Repo } from '#server/db/repo.ts';

interface Row {
  id: string;
  title: string;
  words: { word: string; wholeWord: boolean }[];
  action: FilterAction;
  contexts: FilterContext[];
  expires_at: Date | null;
  updated_at: Date;
}

export interface FilterValues {
  title: string;
  words: { word: string; wholeWord: boolean }[];
  action: FilterAction;
  contexts: FilterContext[];
  expiresAt: Date | null;
}

const columns = 'id::text, title, words, action, contexts, expires_at, updated_at';

export function toFilter(row: Row, now = new Date()): Filter {
  return {
    id: row.id,
    title: row.title,
    words: row.words,
    action: row.action,
    contexts: row.contexts,
    expiresAt: row.expires_at?.toISOString() ?? null,
    active: row.expires_at === null || row.expires_at > now,
    updatedAt: row.updated_at.toISOString(),
  };
}

const toRule = (row: Row): PersonalFilterRule => ({ id: row.id, title: row.title, words: row.words, action: row.action, contexts: row.contexts, expiresAt: row.expires_at });

/**
 * `FiltersRepo.version` as a question asked with the person's session (accounts' `findSession`):
 * null when they never had filters. A function planned once per connection (migration 048).
 */
export const versionWithSession: SessionQuestion = (person) => sql`filter_version_of(${person})`;

/** A person's filters (migration 042): theirs alone, in their organisation. */
export class FiltersRepo extends Repo {
  /** The version of the person's filters, or null when they never had any. */
  async version(userId: string): Promise<string | null> {
    const [row] = await this.q.query<{ version: string }>('select version::text from personal_filter_versions where user_id = $1', [userId]);
    return row?.version ?? null;
  }

  /** Raises the version, in the transaction of the change it records. */
  async bump(userId: string): Promise<void> {
    await this.q.query(
      `insert into personal_filter_versions (user_id, version) values ($1, 1)
       on conflict (user_id) do update set version = personal_filter_versions.version + 1`,
      [userId],
    );
  }

  list(orgId: string, userId: string): Promise<Row[]> {
    return this.q.query<Row>(`select ${columns} from personal_filters where org_id = $1 and user_id = $2 order by id`, [orgId, userId]);
  }

  /** A person belongs to one organisation: their id alone finds their filters. */
  async rules(userId: string): Promise<PersonalFilterRule[]> {
    const rows = await this.q.query<Row>(`select ${columns} from personal_filters where user_id = $1 order by id`, [userId]);
    return rows.map(toRule);
  }

  async count(userId: string): Promise<number> {
    const [row] = await this.q.query<{ n: number }>('select count(*)::int as n from personal_filters where user_id = $1', [userId]);
    return row!.n;
  }

  async insert(orgId: string, userId: string, v: FilterValues): Promise<Row> {
    const [row] = await this.q.query<Row>(
      `insert into personal_filters (org_id, user_id, title, words, action, contexts, expires_at)
       values ($1, $2, $3, $4::jsonb, $5, $6::text[], $7) returning ${columns}`,
      [orgId, userId, v.title, JSON.stringify(v.words), v.action, v.contexts, v.expiresAt],
    );
    return row!;
  }

  /** Undefined when the person keeps no filter of that id (another's is not theirs to change). */
  async update(orgId: string, userId: string, id: string, v: FilterValues): Promise<Row | undefined> {
    const [row] = await this.q.query<Row>(
      `update personal_filters set title = $4, words = $5::jsonb, action = $6, contexts = $7::text[], expires_at = $8, updated_at = now()
       where org_id = $1 and user_id = $2 and id = $3 returning ${columns}`,
      [orgId, userId, id, v.title, JSON.stringify(v.words), v.action, v.contexts, v.expiresAt],
    );
    return row;
  }

  async remove(orgId: string, userId: string, id: string): Promise<boolean> {
    return (await this.q.query('delete from personal_filters where org_id = $1 and user_id = $2 and id = $3 returning 1', [orgId, userId, id])).length > 0;
  }
}
