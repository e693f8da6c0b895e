import { useEffect, useSyncExternalStore } from 'react';
import type { LiveEventData, LiveEventType, LiveQuery } from '@padhub/contracts';

/**
 * The page's one live stream (docs/live.md), as pages use it: what the page on screen watches
 * (`useLiveTopic`), the events it hears (`useLiveEvent`), and whether the stream is open
 * (`useLiveOpen`: while it is not, the minute-long polling of the unread count stands in). The
 * stream itself (live-stream.ts) loads after the first screen: nothing of it is needed to draw it.
 */

/** What the page on screen watches, besides the person's own events. */
export type LiveTopic = Pick<LiveQuery, 'post' | 'config' | 'feed' | 'model' | 'lang' | 'queue'>;
type Listener<K extends LiveEventType> = (data: LiveEventData[K]) => void;

const listeners = new Map<LiveEventType, Set<Listener<never>>>();
const openListeners = new Set<() => void>();
let open = false;
let topic: LiveTopic = {};
let topicChanged: () => void = () => undefined;

/** For live-stream.ts: the topic now, and who to tell when it changes. */
export const liveTopic = {
  get: () => topic,
  watch(changed: () => void) {
    topicChanged = changed;
  },
};

/** For live-stream.ts: an event arrived. */
export function emitLive(type: LiveEventType, data: never) {
  for (const listener of listeners.get(type) ?? []) listener(data);
}

/** For live-stream.ts: the stream opened or closed. */
export function setLiveOpen(now: boolean) {
  if (open === now) return;
  open = now;
  for (const listener of openListeners) listener();
}

let started = false;
/** Opens the stream (once the app runs; the host's pause and resume close and reopen it). */
export function startLive() {
  if (started || typeof window === 'undefined') return;
  started = true;
  void import('./live-stream.ts').then((stream) => stream.start());
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
    topicChanged();
    return () => {
      if (topic !== mine) return;
      topic = {};
      topicChanged();
    };
  }, [key]);
}

/** Whether the stream is open now. */
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
