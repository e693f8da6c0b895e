import { describe, expect, it } from 'vitest';
import { buildTestApp, ORG, registerUser } from '#server-test/helper.ts';
import { publishLive } from '#server/lib/live-events.ts';
import { liveOn, opened } from './test-fixtures.ts';

const app = await buildTestApp();
const { stream } = await liveOn(app);

// Two transactions at once need two connections: PGlite has one, and runs them one after the other.
describe.runIf(app.db.kind === 'postgres')('ids in commit order', () => {
  it('an event committed after a later-started one gets the higher id, so a reconnect after the first still replays it', async () => {
    const person = await registerUser(app);
    const unread = { orgId: ORG, channel: `user:${person.id}`, type: 'unread' } as const;
    const first = await opened(stream('', person));

    // The slow transaction publishes first and commits last.
    let release = () => undefined as void;
    const gate = new Promise<void>((r) => (release = r));
    let published = () => undefined as void;
    const inserted = new Promise<void>((r) => (published = r));
    const slow = app.db.tx(async (q) => {
      await publishLive(q, unread);
      published();
      await gate;
    });
    await inserted;
    await app.db.tx((q) => publishLive(q, unread));
    const fast = await first.next((e) => e.type === 'unread');
    first.close();
    await first.ended;

    release();
    await slow;
    const again = await stream('', person, { 'last-event-id': fast.id! });
    const late = await again.next((e) => e.type === 'unread');
    expect(BigInt(late.id!)).toBeGreaterThan(BigInt(fast.id!));
    again.close();
  });
});

describe('ids', () => {
  it('rise in the order events were published in one transaction', async () => {
    const person = await registerUser(app);
    const s = await opened(stream('', person));
    await app.db.tx(async (q) => {
      for (let i = 0; i < 3; i++) await publishLive(q, { orgId: ORG, channel: `user:${person.id}`, type: 'unread' });
    });
    for (let i = 0; i < 3; i++) await s.next((e) => e.type === 'unread');
    const ids = s.events.map((e) => BigInt(e.id!));
    expect(ids).toEqual([...ids].sort((a, b) => (a < b ? -1 : 1)));
    expect(new Set(ids).size).toBe(3);
    s.close();
  });
});
