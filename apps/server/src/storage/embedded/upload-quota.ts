import type { Queryable } from '#server/db/client.ts';
import type { BodyGate, BodyPlan } from './body.ts';
import type { SessionClaims } from './credentials.ts';
import { S3Error } from './s3-error.ts';

/** Bytes set aside for one body while it arrives; settled to what arrived, or given back on failure. */
export interface Reservation {
  /** Before more of the body is taken in: makes sure `received` bytes are set aside, or refuses with QuotaExceeded. */
  cover(received: number): Promise<void>;
  settle(received: number): Promise<void>;
  release(): Promise<void>;
}

const free: Reservation = { cover: async () => undefined, settle: async () => undefined, release: async () => undefined };

const MiB = 1024 * 1024;
/** A body of unknown length is set aside in steps that double from this, up to 8 MiB: few queries, little held back from parallel bodies. */
const FIRST_STEP = 256 * 1024;
const LARGEST_STEP = 8 * MiB;

/**
 * The daily upload quota of each person (STORAGE_UPLOAD_QUOTA_MB), counted in `upload_usage` per
 * UTC day, so every process behind a load balancer shares it and a restart does not reset it.
 * PutObject and UploadPart set the body's declared size aside before receiving it, in one
 * statement that refuses when it would pass the quota (two uploads at once cannot both slip
 * under it), then settle to what arrived; a body that fails gives its bytes back. A body that
 * declares no length (plain `Transfer-Encoding: chunked`) is set aside step by step as it streams
 * (`cover`, called by the body's meter before each chunk goes on), each step by the same refusing
 * statement, so it stops at the quota however many run at once. What counts is what was received:
 * a part sent again counts again, as it cost the bandwidth and the disk again.
 * The server's own credentials (access `full`) are not counted.
 */
export class UploadQuota {
  constructor(
    private readonly db: Queryable | null,
    private readonly maxBytes: number | null,
  ) {}

  /** `declared`: the body's size when the request says it (it nearly always does); undefined when unknown. */
  async reserve(claims: SessionClaims, declared: number | undefined): Promise<Reservation> {
    const { db, maxBytes } = this;
    if (db === null || maxBytes === null || claims.access !== 'upload') return free;
    const bytes = declared ?? 0;
    if (bytes > maxBytes) throw this.exceeded();
    const [row] = await db.query<{ day: string }>(
      `insert into upload_usage (org_id, user_id, day, bytes) values ($1, $2, (now() at time zone 'utc')::date, $3)
       on conflict (org_id, user_id, day) do update set bytes = upload_usage.bytes + excluded.bytes
         where upload_usage.bytes + excluded.bytes <= $4 and upload_usage.bytes < $4
       returning day::text as day`,
      [claims.orgId, claims.userId, bytes, maxBytes],
    );
    if (!row) throw this.exceeded();
    const where = [claims.orgId, claims.userId, row.day];
    const add = (delta: number) =>
      delta === 0
        ? Promise.resolve()
        : db.query('update upload_usage set bytes = greatest(0, bytes + $4) where org_id = $1 and user_id = $2 and day = $3::date', [...where, delta]);
    const take = async (more: number) =>
      (await db.query('update upload_usage set bytes = bytes + $4 where org_id = $1 and user_id = $2 and day = $3::date and bytes + $4 <= $5 returning 1', [...where, more, maxBytes]))
        .length > 0;
    let reserved = bytes;
    return {
      cover: async (received) => {
        if (received <= reserved) return;
        const needed = received - reserved;
        const step = Math.max(needed, Math.min(Math.max(reserved, FIRST_STEP), LARGEST_STEP));
        // The step, or failing that just what this chunk needs: the quota's last bytes are usable.
        if (await take(step)) reserved += step;
        else if (step > needed && (await take(needed))) reserved += needed;
        else throw this.exceeded();
      },
      settle: async (received) => void (await add(received - reserved)),
      release: async () => void (await add(-reserved)),
    };
  }

  /** Plans a body whose gate covers its bytes as they stream, and reserves what it declares. */
  async planned(claims: SessionClaims, plan: (gate: BodyGate) => BodyPlan): Promise<{ plan: BodyPlan; usage: Reservation }> {
    const held: { usage?: Reservation } = {};
    const body = plan((received) => held.usage?.cover(received) ?? Promise.resolve());
    held.usage = await this.reserve(claims, body.declared);
    return { plan: body, usage: held.usage };
  }

  /** Forgets the days before yesterday. */
  async sweep(): Promise<void> {
    await this.db?.query(`delete from upload_usage where day < (now() at time zone 'utc')::date - 1`);
  }

  private exceeded(): S3Error {
    const mib = Math.floor((this.maxBytes ?? 0) / MiB);
    return new S3Error('QuotaExceeded', `You have uploaded as much as you may today (${mib} MiB a day). Uploads open again at 00:00 UTC.`);
  }
}
