import { createHmac } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { PushConfig } from '#server/config.ts';
import type { Db, Queryable } from '#server/db/client.ts';
import { pushDeliveries } from '#server/telemetry/metrics.ts';
import { findPerson } from '#server/modules/accounts/public.ts';
import { visibleTexts } from '#server/modules/community/public.ts';
import type { NotificationEvent } from '#server/lib/notices.ts';
import { pushTexts } from './push-texts.ts';

/** After this many failed attempts a push stays in the outbox as failed (about a day of retries). */
const MAX_ATTEMPTS = 12;
const MAX_DELAY_MS = 60 * 60 * 1000;
/** A claimed push is the claimer's for this long; if its process dies, another sends it after. */
const LEASE_MS = 60 * 1000;
const BATCH = 20;
const TIMEOUT_MS = 10 * 1000;

/** Where the app opens for a notification (docs/notifications.md, "Deep links"); `rootId`: a reply's thread. */
function placeOf(event: NotificationEvent, rootId: string | null): string {
  const t = event.target;
  if (t.type === 'comment' && rootId !== null) return `/app/community/replay?id=${rootId}&comment=${t.id}`;
  if (t.type === 'comment') return `/app/community/detail?id=${t.postId}&comment=${t.id}`;
  if (t.type === 'post') return `/app/community/detail?id=${t.id}`;
  if (t.type === 'config') return `/app/configs/detail?id=${t.id}`;
  // A new sign-in opens the person's sessions, where they can end it.
  if (event.type === 'new_sign_in') return '/app/user/sessions';
  // A ready archive opens the page that downloads it.
  if (event.type === 'export_ready') return '/app/user/data';
  return event.actorId === null ? '/app/notifications' : `/app/user/profile?id=${event.actorId}`;
}

/** The place, naming the inbox item too: the page marks it read when it opens the link, as a tap in the inbox does. */
function linkOf(event: NotificationEvent, rootId: string | null, notificationId: string | null): string {
  const place = placeOf(event, rootId);
  return notificationId === null ? place : `${place}${place.includes('?') ? '&' : '?'}notification=${notificationId}`;
}

/** Writes the push of a notification into the outbox, in the notification's transaction. */
export async function enqueuePush(q: Queryable, notificationId: string | null, event: NotificationEvent): Promise<void> {
  const excerpt = (event.target.excerpt ?? '').slice(0, 120);
  const actor = event.actorId === null ? null : ((await findPerson(q, event.orgId, event.actorId)) ?? null);
  // A grouped item already counts this actor: the others are the rest of its group.
  const [group] = notificationId === null ? [] : await q.query<{ actor_count: number }>('select actor_count from notifications where id = $1', [notificationId]);
  // A reply opens in its thread, where it is highlighted (a thread shows only its first replies on the post).
  const place = event.target.type === 'comment' ? (await visibleTexts(q, 'comment', [event.target.id], event.recipientId)).get(event.target.id) : undefined;
  const texts = pushTexts({ type: event.type, actor, others: Math.max(0, (group?.actor_count ?? 1) - 1), excerpt, reason: event.reason ?? null });
  const payload = {
    type: event.type,
    recipient: { id: event.recipientId, orgId: event.orgId },
    link: linkOf(event, place?.rootId ?? null, notificationId),
    notification: {
      id: notificationId,
      actorId: event.actorId,
      target: { type: event.target.type, id: event.target.id, postId: event.target.postId ?? null, excerpt },
      reason: event.reason ?? null,
    },
    texts,
  };
  await q.query('insert into push_outbox (org_id, recipient_id, payload) values ($1, $2, $3::jsonb)', [event.orgId, event.recipientId, JSON.stringify(payload)]);
}

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, as Stripe signs its webhooks. */
function signature(secret: string, body: string, at = Math.floor(Date.now() / 1000)): string {
  return `t=${at},v1=${createHmac('sha256', secret).update(`${at}.${body}`).digest('hex')}`;
}

/** Exponential backoff from the base, capped, with full jitter in its upper half. */
function delayAfter(attempts: number, baseMs: number): number {
  const ceiling = Math.min(MAX_DELAY_MS, baseMs * 2 ** (attempts - 1));
  return Math.round(ceiling / 2 + Math.random() * (ceiling / 2));
}

/**
 * Delivers the outbox. Rows are claimed with `for update skip locked` and leased, so several
 * processes never send one push at once, and a push claimed by a process that died is sent later.
 */
export class PushWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly db: Db,
    private readonly config: PushConfig,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    this.timer = setInterval(() => {
      this.running ??= this.deliverDue()
        .then(() => undefined)
        .catch((err: unknown) => this.log.warn({ err }, 'push delivery failed'))
        .finally(() => (this.running = undefined));
    }, this.config.pollMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** One pass: sends what is due; answers how many were claimed. */
  async deliverDue(): Promise<number> {
    const claimed = await this.db.query<{ id: string; payload: Record<string, unknown>; attempts: number }>(
      `update push_outbox set attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => $1)
       where id in (select id from push_outbox where status = 'pending' and next_attempt_at <= now()
                    order by next_attempt_at limit $2 for update skip locked)
       returning id, payload, attempts`,
      [LEASE_MS / 1000, BATCH],
    );
    await Promise.all(claimed.map((row) => this.send(row)));
    return claimed.length;
  }

  private async send(row: { id: string; payload: Record<string, unknown>; attempts: number }): Promise<void> {
    const body = JSON.stringify({ id: row.id, ...row.payload });
    let error: string;
    try {
      const res = await fetch(this.config.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'padhub-signature': signature(this.config.secret, body) },
        body,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (res.ok) {
        await this.db.query(`update push_outbox set status = 'delivered', delivered_at = now(), last_error = null where id = $1`, [row.id]);
        pushDeliveries.inc({ outcome: 'delivered' });
        return;
      }
      error = `HTTP ${res.status}`;
    } catch (err) {
      error = err instanceof Error ? err.message : String(err);
    }
    const failed = row.attempts >= MAX_ATTEMPTS;
    await this.db.query(
      `update push_outbox set status = $2, last_error = $3, next_attempt_at = now() + make_interval(secs => $4) where id = $1`,
      [row.id, failed ? 'failed' : 'pending', error.slice(0, 500), delayAfter(row.attempts, this.config.retryBaseMs) / 1000],
    );
    pushDeliveries.inc({ outcome: failed ? 'failed' : 'retry' });
  }
}
