import { createHash, randomBytes } from 'node:crypto';
import { liveTicketMs } from '@padhub/contracts';
import { Repo } from '#server/db/repo.ts';

const hashOf = (ticket: string) => createHash('sha256').update(ticket).digest('base64url');

/** `live_tickets` (migration 030): what opens one stream for `EventSource`, which cannot send the token header. */
export class TicketsRepo extends Repo {
  async mint(orgId: string, userId: string, staff: boolean): Promise<string> {
    const ticket = randomBytes(24).toString('base64url');
    await this.q.query(`insert into live_tickets (hash, org_id, user_id, staff, expires_at) values ($1, $2, $3, $5, now() + make_interval(secs => $4::float8 / 1000))`, [
      hashOf(ticket),
      orgId,
      userId,
      liveTicketMs,
      staff,
    ]);
    return ticket;
  }

  /** The person the ticket was minted for, once: a used, expired or other organisation's ticket answers undefined. */
  async use(orgId: string, ticket: string): Promise<{ userId: string; staff: boolean } | undefined> {
    const [row] = await this.q.query<{ user_id: string; staff: boolean }>(`delete from live_tickets where hash = $1 and org_id = $2 and expires_at > now() returning user_id, staff`, [
      hashOf(ticket),
      orgId,
    ]);
    return row && { userId: row.user_id, staff: row.staff };
  }

  async sweep(): Promise<void> {
    await this.q.query('delete from live_tickets where expires_at < now()');
  }
}
