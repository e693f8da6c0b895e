import type { Lang, VideoFailure, VideoStatus } from '@padhub/contracts';
import type { VideoFacts } from '#server/video/probe.ts';
import { Repo } from '#server/db/repo.ts';

/** A row of `videos` (migration 028). */
export interface VideoRow {
  path: string;
  orgId: string;
  userId: string;
  status: VideoStatus;
  lang: Lang;
  size: number;
  duration: number;
  width: number;
  height: number;
  facts: VideoFacts;
  poster: string | null;
  mp4: string | null;
  hls: string | null;
  progress: number;
  failureCode: VideoFailure | null;
}

const columns = `path, org_id as "orgId", user_id::text as "userId", status, lang, size::float8 as size, duration, width, height, facts,
  poster, mp4, hls, progress, failure_code as "failureCode"`;

/** The videos table: one row per uploaded video file, its figures and its processing. */
export class VideosRepo extends Repo {
  /** The rows of these files; `lock`: held (for share) until the transaction ends, so processing cannot finish unseen meanwhile. */
  async find(paths: readonly string[], lock = false): Promise<VideoRow[]> {
    if (paths.length === 0) return [];
    return this.q.query<VideoRow>(`select ${columns} from videos where path = any($1::text[]) ${lock ? 'for share' : ''}`, [[...paths]]);
  }

  /** A new video, processing; answers false when the file has a row already (another post named it first). */
  async insert(row: Pick<VideoRow, 'path' | 'orgId' | 'userId' | 'lang' | 'size' | 'duration' | 'width' | 'height' | 'facts'>): Promise<boolean> {
    const inserted = await this.q.query(
      `insert into videos (path, org_id, user_id, status, lang, size, duration, width, height, facts)
       values ($1, $2, $3::bigint, 'processing', $4, $5, $6, $7, $8, $9) on conflict (path) do nothing returning path`,
      [row.path, row.orgId, row.userId, row.lang, row.size, row.duration, row.width, row.height, JSON.stringify(row.facts)],
    );
    return inserted.length > 0;
  }

  /** Locks the row for the writer of a step of its processing; null when the video is gone. */
  async lock(path: string): Promise<VideoRow | null> {
    const [row] = await this.q.query<VideoRow>(`select ${columns} from videos where path = $1 for update`, [path]);
    return row ?? null;
  }

  async update(path: string, change: Partial<Pick<VideoRow, 'status' | 'poster' | 'mp4' | 'hls' | 'progress' | 'failureCode' | 'duration' | 'width' | 'height' | 'facts'>>): Promise<void> {
    const sets: string[] = [];
    const values: unknown[] = [path];
    const column: Record<string, string> = { failureCode: 'failure_code' };
    for (const [key, value] of Object.entries(change)) {
      if (value === undefined) continue;
      values.push(key === 'facts' ? JSON.stringify(value) : value);
      sets.push(`${column[key] ?? key} = $${values.length}`);
    }
    await this.q.query(`update videos set ${sets.join(', ')}, updated_at = now() where path = $1`, values);
  }

  /** "Try again": a failed video is processing again, from nothing. */
  async retry(path: string): Promise<void> {
    await this.q.query(`update videos set status = 'processing', progress = 0, failure_code = null, requests = requests + 1, updated_at = now() where path = $1`, [path]);
  }
}
