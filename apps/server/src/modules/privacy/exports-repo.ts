import { Repo } from '#server/db/repo.ts';

export interface ExportRow {
  id: string;
  org_id: string;
  user_id: string;
  status: 'queued' | 'building' | 'ready' | 'failed' | 'expired';
  lang: 'cn' | 'en' | 'jp' | 'ko';
  object_key: string | null;
  link_key: string | null;
  created_at: Date;
  expires_at: Date | null;
}

const columns = 'id, org_id, user_id, status, lang, object_key, link_key, created_at, expires_at';

/** The archives people asked for (migration 029). */
export class ExportsRepo extends Repo {
  async insert(orgId: string, userId: string, lang: string): Promise<ExportRow> {
    const [row] = await this.q.query<ExportRow>(`insert into data_exports (org_id, user_id, lang) values ($1, $2, $3) returning ${columns}`, [orgId, userId, lang]);
    return row!;
  }

  /** The person's newest archive not failed: the weekly allowance counts from it. Locks the person's row first, so two asks at once count one another. */
  async newestCounted(userId: string): Promise<ExportRow | undefined> {
    await this.q.query('select pg_advisory_xact_lock(hashtextextended($1, 29))', [`export:${userId}`]);
    const [row] = await this.q.query<ExportRow>(
      `select ${columns} from data_exports where user_id = $1 and status <> 'failed' order by created_at desc limit 1`,
      [userId],
    );
    return row;
  }

  list(userId: string): Promise<ExportRow[]> {
    return this.q.query<ExportRow>(`select ${columns} from data_exports where user_id = $1 order by created_at desc limit 20`, [userId]);
  }

  async find(id: string): Promise<ExportRow | undefined> {
    const [row] = await this.q.query<ExportRow>(`select ${columns} from data_exports where id = $1`, [id]);
    return row;
  }

  /** Takes a queued (or interrupted) archive to build; none when it is ready, expired or failed already. */
  async claim(id: string): Promise<ExportRow | undefined> {
    const [row] = await this.q.query<ExportRow>(
      `update data_exports set status = 'building' where id = $1 and status in ('queued', 'building') returning ${columns}`,
      [id],
    );
    return row;
  }

  async ready(id: string, objectKey: string, linkKey: string, size: number, linkSeconds: number): Promise<void> {
    await this.q.query(
      `update data_exports set status = 'ready', object_key = $2, link_key = $3, size = $4, ready_at = now(),
         expires_at = now() + make_interval(secs => $5) where id = $1`,
      [id, objectKey, linkKey, size, linkSeconds],
    );
  }

  async failed(id: string): Promise<void> {
    await this.q.query(`update data_exports set status = 'failed' where id = $1 and status in ('queued', 'building')`, [id]);
  }

  /** Marks a ready archive expired (its object is deleted next); answers its object's key. */
  async expire(id: string): Promise<string | null> {
    const [row] = await this.q.query<{ object_key: string | null }>(
      `update data_exports set status = 'expired', link_key = null where id = $1 and status = 'ready' returning object_key`,
      [id],
    );
    return row?.object_key ?? null;
  }

  /** The purge: every archive of the person goes; answers their objects' keys. */
  async forget(userId: string): Promise<string[]> {
    const rows = await this.q.query<{ object_key: string | null }>('delete from data_exports where user_id = $1 returning object_key', [userId]);
    return rows.flatMap((r) => (r.object_key ? [r.object_key] : []));
  }
}
