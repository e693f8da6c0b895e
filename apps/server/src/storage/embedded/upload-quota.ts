import type { Queryable } from '#server/db/client.ts';
import { type BodyGate, type BodyPlan, KeyedLock, type Reservation, S3Error, type SessionClaims, type UploadQuota as EndpointQuota } from '@padhub/s3-endpoint';

const free: Reservation = { cover: async () => undefined, settle: async () => undefined, release: async () => undefined };

const MiB = 1024 * 1024;
/** A body of unknown length is set aside in steps that double from this, up to 8 MiB: few queries while the quota is far. */
const FIRST_STEP = 256 * 1024;
const LARGEST_STEP = 8 * MiB;

/** One body being received (or stored) in this process, as its siblings of the same person see it. */
interface Live {
  /** Bytes set aside in `upload_usage` for it. */
  reserved: number;
  /** Bytes it has let through (or will take in: a declared length is certain to be needed). */
  covered: number;
  /** Adds `delta` (negative: gives back) to its row of `upload_usage`. */
  add(delta: number): Promise<void>;
}

/**
 * The daily upload quota of each person (STORAGE_UPLOAD_QUOTA_MB), counted in `upload_usage` per
 * UTC day, so every process behind a load balancer shares it and a restart does not reset it.
 * PutObject and UploadPart set the body's declared size aside before receiving it, in one
 * statement that refuses when it would pass the quota (two uploads at once cannot both slip
 * under it), then settle to what arrived; a body that fails gives its bytes back. A body that
 * declares no length (plain `Transfer-Encoding: chunked`) is set aside step by step as it streams
 * (`cover`, called by the body's meter before each chunk goes on), each step by the same refusing
 * statement, so it stops at the quota however many run at once.
 *
 * As many parallel bodies are accepted as fit: before a body is refused, the steps its siblings set
 * aside ahead of what they received are taken back (they take them again as they need them), and a
 * refused body gives its bytes back before the next one is checked, as does a body that ends. All
 * happen under one lock per person, so the bodies at the quota are decided one at a time and never
 * all refused together.
 * The lock and the taking back reach the bodies of this process; those of another process keep
 * their steps until they end (never more than the quota either way: the statements decide that).
 * What counts is what was received: a part sent again counts again, as it cost the bandwidth and
 * the disk again. The server's own credentials (access `full`) are not counted.
 */
export class UploadQuota implements EndpointQuota {
  private readonly locks = new KeyedLock();
  private readonly live = new Map<string, Set<Live>>();

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
    const person = `${claims.orgId}/${claims.userId}`;
    const open = () =>
      db.query<{ day: string }>(
        `insert into upload_usage (org_id, user_id, day, bytes) values ($1, $2, (now() at time zone 'utc')::date, $3)
         on conflict (org_id, user_id, day) do update set bytes = upload_usage.bytes + excluded.bytes
           where upload_usage.bytes + excluded.bytes <= $4 and upload_usage.bytes < $4
         returning day::text as day`,
        [claims.orgId, claims.userId, bytes, maxBytes],
      );
    return this.locks.run(person, async () => {
      let [row] = await open();
      // The quota looks used up: what siblings set aside ahead of their bytes may be what is missing.
      if (!row && (await this.takeBackSteps(person)) > 0) [row] = await open();
      if (!row) throw this.exceeded();
      return this.track(db, maxBytes, { person, where: [claims.orgId, claims.userId, row.day], reserved: bytes, exact: declared !== undefined });
    });
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

  /** The reservation of one body whose row is `where` and that holds `reserved` bytes. `exact`: its length was declared. */
  private track(db: Queryable, maxBytes: number, { person, where, reserved, exact }: { person: string; where: string[]; reserved: number; exact: boolean }): Reservation {
    const body: Live = {
      reserved,
      covered: exact ? reserved : 0,
      add: async (delta) => {
        if (delta !== 0) await db.query('update upload_usage set bytes = greatest(0, bytes + $4) where org_id = $1 and user_id = $2 and day = $3::date', [...where, delta]);
      },
    };
    const bodies = this.live.get(person) ?? new Set();
    this.live.set(person, bodies.add(body));
    const take = async (more: number) => {
      const taken = await db.query('update upload_usage set bytes = bytes + $4 where org_id = $1 and user_id = $2 and day = $3::date and bytes + $4 <= $5 returning 1', [...where, more, maxBytes]);
      if (taken.length > 0) body.reserved += more;
      return taken.length > 0;
    };
    /** Ends the body's reservation at `bytes`; nothing takes its bytes back after this. */
    const end = async (bytes: number) => {
      bodies.delete(body);
      if (bodies.size === 0 && this.live.get(person) === bodies) this.live.delete(person);
      const delta = bytes - body.reserved;
      body.reserved = bytes;
      await body.add(delta);
    };
    return {
      cover: async (received) => {
        if (received <= body.reserved) {
          body.covered = Math.max(body.covered, received);
          return;
        }
        await this.locks.run(person, async () => {
          // Counted under the lock: a sibling may have taken back this body's steps while it waited.
          const needed = received - body.reserved;
          const step = Math.max(needed, Math.min(Math.max(body.reserved, FIRST_STEP), LARGEST_STEP));
          // The step, or failing that just what this chunk needs, or that after the siblings gave back their steps.
          const covered =
            (await take(step)) || (step > needed && (await take(needed))) || ((await this.takeBackSteps(person, body)) > 0 && (await take(needed)));
          if (!covered) {
            // Given back before the lock opens, so the next body at the quota can use these bytes.
            await end(0);
            throw this.exceeded();
          }
          body.covered = received;
        });
      },
      // Under the lock, as the bodies at the quota are decided: a body that ended is no longer
      // among those whose steps can be taken back, so until its own give-back is written a body
      // deciding meanwhile would find the quota held by it and be refused though it fits (the
      // parallel test refused a fifth of five bodies that fit, on a busy machine).
      settle: (received) => this.locks.run(person, () => end(received)),
      release: () => this.locks.run(person, () => end(0)),
    };
  }

  /** Gives back what this person's bodies set aside beyond what they received; answers how much. */
  private async takeBackSteps(person: string, except?: Live): Promise<number> {
    let total = 0;
    for (const body of this.live.get(person) ?? []) {
      const ahead = body === except ? 0 : body.reserved - body.covered;
      if (ahead <= 0) continue;
      // In memory first (no await between): a body streaming meanwhile sees its smaller reservation.
      body.reserved -= ahead;
      total += ahead;
      await body.add(-ahead);
    }
    return total;
  }

  private exceeded(): S3Error {
    const mib = Math.floor((this.maxBytes ?? 0) / MiB);
    return new S3Error('QuotaExceeded', `You have uploaded as much as you may today (${mib} MiB a day). Uploads open again at 00:00 UTC.`);
  }
}
