import { type DehydratedState, type Mutation, type QueryClient, dehydrate, hydrate, onlineManager } from '@tanstack/react-query';
import { i18next } from '@/platform/i18n.ts';
import { keepWaitingActions } from '@/platform/offline.ts';
import { type SessionState, useSession } from '@/platform/session.ts';
import { toast } from '@/ui/antd.tsx';
import { registerWaitingActions, showWaiting } from './waiting-action-defaults.ts';

/**
 * The actions that wait for the network (platform/api/wait-for-network.ts) are kept on the device
 * beside the first screen's answers, so that a reload, or the WebView being closed, while offline
 * loses none of them: they come back waiting, and are sent once when the network is back.
 *
 * They belong to whoever made them: kept with their owner (the organisation and the token they
 * were made with, as a hash), they come back for that owner only, and a logout or another login
 * drops the ones still waiting, saying so: a like of one account is never sent as another's.
 */
export interface Kept {
  owner: string;
  mutations: DehydratedState['mutations'];
}

/** The actions that wait are the mutations that run only online: everything else runs at once (app/query-client.ts). */
const waits = (mutation: Mutation) => mutation.options.networkMode === 'online';

/** Not the token itself: a second copy of it on the device would be one more to leak. */
function ownerOf({ orgId, token }: Pick<SessionState, 'orgId' | 'token'>) {
  let hash = 0x811c9dc5;
  for (const char of token ?? '') hash = Math.imul(hash ^ (char.codePointAt(0) ?? 0), 0x01000193);
  return `${orgId}:${token ? `${(hash >>> 0).toString(36)}.${token.length}` : ''}`;
}

const dropped = (count: number) => void toast(i18next.t('common.waitingDropped', { count }));

/** The last visit's waiting actions, for their owner (dropped, and said so, for anyone else). */
export function restoreWaitingActions(client: QueryClient, last: Kept) {
  if (last.owner !== ownerOf(useSession.getState())) {
    void keepWaitingActions(null);
    dropped(last.mutations.length);
    return;
  }
  registerWaitingActions(client);
  // One that was on its way when the page went is sent again (with its Idempotency-Key, if it has one).
  hydrate(client, { mutations: last.mutations.map((m) => ({ ...m, state: { ...m.state, isPaused: true } })) });
  for (const mutation of client.getMutationCache().getAll()) showWaiting(client, mutation);
  // Offline, they wait: the client resumes them when the network is back.
  if (onlineManager.isOnline()) void client.resumePausedMutations();
}

/**
 * From just after the first render on (what waits by then is written at once): writes the waiting actions whenever one is added or settles, and
 * drops the ones still waiting when the account changes.
 */
export function keepWaitingActionsOf(client: QueryClient) {
  const cache = client.getMutationCache();
  // Each action's owner is the one signed in when it was first seen: one on its way while the account changed is not the new one's.
  const owners = new WeakMap<Mutation, string>();
  const pending = () => {
    const owner = ownerOf(useSession.getState());
    return cache.getAll().filter((m) => {
      if (!waits(m) || m.state.status !== 'pending') return false;
      if (!owners.has(m)) owners.set(m, owner);
      return owners.get(m) === owner;
    });
  };
  let written = '';
  const write = () => {
    const now = pending();
    const ids = now.map((m) => m.mutationId).join();
    if (ids === written) return;
    written = ids;
    const { mutations } = dehydrate(client, { shouldDehydrateQuery: () => false, shouldDehydrateMutation: (m) => now.includes(m) });
    // What a hook kept to put things back (the lists as they were) is no use after a reload, and may be large.
    const stored = mutations.map((m) => ({ ...m, state: { ...m.state, context: undefined, error: null, failureReason: null } }));
    void keepWaitingActions({ owner: ownerOf(useSession.getState()), mutations: stored } satisfies Kept);
  };
  write();
  const unwatchCache = cache.subscribe(write);
  const unwatchSession = useSession.subscribe((state, previous) => {
    if (ownerOf(state) === ownerOf(previous)) return;
    const gone = cache.getAll().filter((m) => waits(m) && m.state.isPaused);
    for (const mutation of gone) cache.remove(mutation);
    if (gone.length) dropped(gone.length);
    written = '-';
    write();
  });
  return () => {
    unwatchCache();
    unwatchSession();
  };
}
