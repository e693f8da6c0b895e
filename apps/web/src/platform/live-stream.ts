import { type LiveEventType, headers as headerNames } from '@padhub/contracts';
import { api } from '@/platform/api/client.ts';
import { apiBase } from '@/platform/config.ts';
import { bridge } from '@/platform/host.ts';
import { useSession } from '@/platform/session.ts';
import { emitLive, liveTopic, setLiveOpen } from './live.ts';
import { sawLive } from './live-seen.ts';

/**
 * The `EventSource` on `/api/events` (platform/live.ts says what pages see of it). A signed-in
 * person's stream opens with a one-use ticket (EventSource cannot send the token header), so it
 * reconnects itself rather than let the browser retry: with a new ticket and the last id it saw,
 * after a wait that doubles each time it fails. It closes when the host says the app went to the
 * background (`appPaused`) and opens again on `appResumed`; the server replays what came meanwhile.
 */

/**
 * Every event type, spelled here rather than imported: the contracts' list sits beside their zod
 * schemas, which the page need not carry. The record's type makes it complete.
 */
const eventTypes = Object.keys({ notification: 1, unread: 1, comment: 1, counts: 1, posts: 1, queue: 1, configs: 1, reset: 1 } satisfies Record<LiveEventType, 1>) as LiveEventType[];

const RETRY_FIRST_MS = 1_000;
const RETRY_MOST_MS = 60_000;

let source: EventSource | null = null;
let lastId: string | undefined;
let paused = false;
let retryMs = RETRY_FIRST_MS;
let retry: ReturnType<typeof setTimeout> | undefined;
/** Counts the attempts: an attempt overtaken by a newer one (or a close) gives up. */
let attempt = 0;

function close() {
  clearTimeout(retry);
  attempt++;
  source?.close();
  source = null;
  setLiveOpen(false);
}

/** Opens (again) with the current topic and the last id; a ticket first when signed in. */
async function connect() {
  close();
  if (paused || typeof EventSource === 'undefined') return;
  const mine = attempt;
  const session = useSession.getState();
  const query: Record<string, string> = { [headerNames.organisation]: session.orgId };
  for (const [key, value] of Object.entries(liveTopic.get())) if (value !== undefined) query[key] = value;
  if (lastId !== undefined) query.lastEventId = lastId;
  try {
    if (session.token) query.ticket = (await api.post<{ ticket: string }>('/events/ticket')).ticket;
  } catch {
    if (mine === attempt) later();
    return;
  }
  if (mine !== attempt) return;
  const stream = new EventSource(`${apiBase}/events?${new URLSearchParams(query).toString()}`);
  source = stream;
  stream.onopen = () => {
    retryMs = RETRY_FIRST_MS;
    setLiveOpen(true);
  };
  stream.onerror = () => {
    if (source === stream) later();
  };
  for (const type of eventTypes) {
    stream.addEventListener(type, (event) => {
      const message = event as MessageEvent<string>;
      if (message.lastEventId) {
        lastId = message.lastEventId;
        // Before the listeners, which may ask again for what the event changed.
        sawLive(message.lastEventId);
      }
      emitLive(type, JSON.parse(message.data) as never);
    });
  }
  // The id line the server sends first (no event) is where a reconnect before any event resumes;
  // EventSource keeps it as its own last id but tells no listener, so it is read on the next event.
  stream.onmessage = (message) => {
    if (message.lastEventId) lastId = message.lastEventId;
  };
}

function later() {
  close();
  retry = setTimeout(() => void connect(), retryMs);
  retryMs = Math.min(retryMs * 2, RETRY_MOST_MS);
}

let reopening = false;
/** A page that leaves and the next that comes change the topic in one go: the stream reopens once. */
function reopenSoon() {
  if (reopening) return;
  reopening = true;
  setTimeout(() => {
    reopening = false;
    void connect();
  });
}

export function start() {
  bridge.on('appPaused', () => {
    paused = true;
    close();
  });
  bridge.on('appResumed', () => {
    paused = false;
    retryMs = RETRY_FIRST_MS;
    // No event came before the pause, so no id to resume from (EventSource keeps the first id
    // line to itself): what the page shows is asked again instead.
    if (lastId === undefined) emitLive('reset', {} as never);
    void connect();
  });
  // Signing in or out changes whose events the stream carries.
  useSession.subscribe((state, before) => {
    if (state.token !== before.token || state.orgId !== before.orgId) {
      lastId = undefined;
      reopenSoon();
    }
  });
  liveTopic.watch(reopenSoon);
  void connect();
}
