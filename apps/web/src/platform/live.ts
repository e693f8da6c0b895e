import { useEffect, useSyncExternalStore } from 'react';
import { type LiveEventData, type LiveEventType, type LiveQuery, headers as headerNames, liveEventTypes } from '@padhub/contracts';
import { api } from '@/platform/api/client.ts';
import { apiBase } from '@/platform/config.ts';
import { bridge } from '@/platform/host.ts';
import { useSession } from '@/platform/session.ts';

/**
 * The page's one live stream (docs/live.md): an `EventSource` on `/api/events` for the person's
 * own events and those of what the page on screen shows (`useLiveTopic`). It closes when the host
 * says the app went to the background (`appPaused`) and opens again on `appResumed` with the last
 * id it saw, so the server replays what came meanwhile (or says `reset`). A stream that cannot
 * open waits longer each time; meanwhile `useLiveOpen()` is false and the minute-long polling of
 * the unread count stands in (entities/notification/api/get-unread.ts).
 */

/** What the page on screen watches, besides the person's own events. */
export type LiveTopic = Pick<LiveQuery, 'post' | 'config' | 'feed' | 'model' | 'lang'>;
type Listener<K extends LiveEventType> = (data: LiveEventData[K]) => void;

const RETRY_FIRST_MS = 1_000;
const RETRY_MOST_MS = 60_000;

let topic: LiveTopic = {};
let source: EventSource | null = null;
let lastId: string | undefined;
let paused = false;
let retryMs = RETRY_FIRST_MS;
let retry: ReturnType<typeof setTimeout> | undefined;
let opening = 0;
let open = false;
const listeners = new Map<LiveEventType, Set<Listener<never>>>();
const openListeners = new Set<() => void>();

function setOpen(now: boolean) {
  if (open === now) return;
  open = now;
  for (const listener of openListeners) listener();
}

function close() {
  clearTimeout(retry);
  opening++;
  source?.close();
  source = null;
  setOpen(false);
}

/** Opens (again) with the current topic and the last id; a ticket first when signed in. */
async function connect() {
  close();
  if (paused || typeof EventSource === 'undefined') return;
  const attempt = opening;
  const session = useSession.getState();
  const query: Record<string, string> = { [headerNames.organisation]: session.orgId };
  for (const [key, value] of Object.entries(topic)) if (value !== undefined) query[key] = value;
  if (lastId !== undefined) query.lastEventId = lastId;
  try {
    if (session.token) query.ticket = (await api.post<{ ticket: string }>('/events/ticket')).ticket;
  } catch {
    if (attempt === opening) later();
    return;
  }
  if (attempt !== opening) return;
  const stream = new EventSource(`${apiBase}/events?${new URLSearchParams(query).toString()}`);
  source = stream;
  stream.onopen = () => {
    retryMs = RETRY_FIRST_MS;
    setOpen(true);
  };
  // A ticket opens one stream: the browser's own reconnect would be refused, so this one reconnects.
  stream.onerror = () => {
    if (source === stream) later();
  };
  for (const type of liveEventTypes) {
    stream.addEventListener(type, (event) => {
      const message = event as MessageEvent<string>;
      if (message.lastEventId) lastId = message.lastEventId;
      const data = JSON.parse(message.data) as never;
      for (const listener of listeners.get(type) ?? []) listener(data);
    });
  }
  // The id line the server sends first (no event): where a reconnect before any event resumes.
  stream.onmessage = (message) => {
    if (message.lastEventId) lastId = message.lastEventId;
  };
}

function later() {
  close();
  retry = setTimeout(() => void connect(), retryMs);
  retryMs = Math.min(retryMs * 2, RETRY_MOST_MS);
}

let started = false;
let reopening = false;
/** A page that leaves and the next that comes change the topic in one go: the stream reopens once. */
function reopenSoon() {
  if (!started || reopening) return;
  reopening = true;
  setTimeout(() => {
    reopening = false;
    void connect();
  });
}

/** Opens the stream once the app runs; the host's pause and resume close and reopen it. */
export function startLive() {
  if (started || typeof window === 'undefined') return;
  started = true;
  bridge.on('appPaused', () => {
    paused = true;
    close();
  });
  bridge.on('appResumed', () => {
    paused = false;
    retryMs = RETRY_FIRST_MS;
    void connect();
  });
  // Signing in or out changes whose events the stream carries.
  useSession.subscribe((state, before) => {
    if (state.token !== before.token || state.orgId !== before.orgId) {
      lastId = undefined;
      void connect();
    }
  });
  void connect();
}

/** Calls `listener` with the data of each `type` event until the returned function is called. */
export function onLive<K extends LiveEventType>(type: K, listener: Listener<K>): () => void {
  let set = listeners.get(type);
  if (!set) listeners.set(type, (set = new Set()));
  const entry = listener as Listener<never>;
  set.add(entry);
  return () => void set.delete(entry);
}

/** Calls `listener` with the data of each `type` event while mounted. */
export function useLiveEvent<K extends LiveEventType>(type: K, listener: Listener<K>) {
  useEffect(() => onLive(type, listener), [type, listener]);
}

/**
 * The page on screen watches `next` while mounted (and shown: a hidden kept-alive page's effects
 * are cleaned up). The stream reopens with it, resuming from the last id.
 */
export function useLiveTopic(next: LiveTopic) {
  const key = JSON.stringify(next);
  useEffect(() => {
    const mine = JSON.parse(key) as LiveTopic;
    topic = mine;
    reopenSoon();
    return () => {
      if (topic !== mine) return;
      topic = {};
      reopenSoon();
    };
  }, [key]);
}

/** Whether the stream is open now (the polling it replaces stands in while it is not). */
export function useLiveOpen(): boolean {
  return useSyncExternalStore(
    (listener) => {
      openListeners.add(listener);
      return () => void openListeners.delete(listener);
    },
    () => open,
    () => false,
  );
}
