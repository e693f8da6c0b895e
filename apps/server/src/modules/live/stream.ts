import type { ServerResponse } from 'node:http';
import { type LiveEvent, liveHeartbeatMs, liveReplayMs } from '@padhub/contracts';
import type { Db } from '#server/db/client.ts';
import { liveMarks, liveReplay } from '#server/lib/live-events.ts';
import type { LiveHub, Subscriber } from './hub.ts';
import type { LiveRenderer, View } from './render.ts';

/** A replay longer than this is a reset: the page refetches rather than read a thousand events. */
const REPLAY_LIMIT = 500;

export interface StreamDeps {
  db: Db;
  hub: LiveHub;
  renderer: LiveRenderer;
  /** Streams still open when the process stops are ended, so that clients reconnect elsewhere. */
  open: Set<ServerResponse>;
}

function frame(event: LiveEvent): string {
  return `id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`;
}

/**
 * Serves one stream on the raw response: subscribes first, so nothing published meanwhile is
 * missed, then replays what the client missed since `lastEventId` (or says `reset` when that is
 * too old), then sends what arrived during the replay, then everything live.
 */
export async function serveStream(
  res: ServerResponse,
  deps: StreamDeps,
  who: View & { orgId: string; channels: string[] },
  lastEventId: string | undefined,
): Promise<void> {
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    // nginx: pass each event on as it comes (deploy/nginx.conf says so too).
    'x-accel-buffering': 'no',
  });
  deps.open.add(res);
  let held: LiveEvent[] | null = [];
  const sent = new Set<string>();
  const send = (event: LiveEvent) => {
    if (sent.has(event.id)) return;
    sent.add(event.id);
    // Only ids that may still come twice (replayed, and delivered live meanwhile) need remembering.
    if (held === null && sent.size > REPLAY_LIMIT * 2) sent.clear();
    res.write(frame(event));
  };
  const sub: Subscriber = {
    ...who,
    deliver: (event) => (held ? held.push(event) : send(event)),
  };
  const unsubscribe = deps.hub.subscribe(sub);
  const heartbeat = setInterval(() => res.write(': ping\n\n'), liveHeartbeatMs);
  const end = () => {
    clearInterval(heartbeat);
    unsubscribe();
    deps.open.delete(res);
  };
  res.on('close', end);

  try {
    const marks = await liveMarks(deps.db, lastEventId);
    if (lastEventId === undefined) {
      // An id with no event: the client's Last-Event-ID from now on, so a reconnect before any event still replays.
      res.write(`id: ${marks.newest}\n\n`);
    } else if (!marks.at || Date.now() - marks.at.getTime() > liveReplayMs) {
      send({ id: marks.newest, type: 'reset', data: {} });
    } else {
      const rows = await liveReplay(deps.db, who.orgId, who.channels, lastEventId, REPLAY_LIMIT + 1);
      if (rows.length > REPLAY_LIMIT) {
        send({ id: marks.newest, type: 'reset', data: {} });
      } else {
        for (const row of rows) {
          const data = (await deps.renderer.render(row, [who]))(who);
          if (data !== undefined) send({ id: row.id, type: row.type, data } as LiveEvent);
        }
      }
    }
  } catch (error) {
    res.end();
    throw error;
  }
  const waiting = held;
  held = null;
  for (const event of waiting) send(event);
}
