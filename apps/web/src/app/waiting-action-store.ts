import { type DehydratedState, type Mutation, type QueryClient, dehydrate, hydrate, onlineManager } from '@tanstack/react-query';
import { i18next } from '@/platform/i18n.ts';
import { keepWaitingActions } from '@/platform/offline.ts';
import { useSession } from '@/platform/session.ts';
import { toast } from '@/ui/antd.tsx';
import { hashOf } from './token-hash.ts';
import { registerWaitingActions, showWaiting } from './waiting-action-defaults.ts';
import { setWaitingAside } from './waiting-count.ts';

/**
 * The actions that wait for the network (platform/api/wait-for-network.ts) are kept on the device
 * beside the first screen's answers, so that a reload, or the WebView being closed, while offline
 * loses none of them: they come back waiting, and are sent once when the network is back.
 *
 * They belong to the person who made them, in the organisation they were made in: a new token
 * for the same person (a refresh, the host logging the same person in again) keeps them; a
 * logout or another person's login drops the ones still waiting, saying so: a like of one
 * account is never sent as another's. Whose a new token is, /api/me says (platform/account.ts):
 * until it has, they wait aside, neither sent nor dropped, and still counted as waiting. The ones
 * made meanwhile are written at once, under the new token (its person not known yet), beside them.
 */
interface Owner {
  org: string;
  /** The person's id, once /api/me has said it (null before). */
  person: string | null;
  /** The token they were made with, as a hash: the same token is the same person before /api/me answers. */
  token: string;
}

export interface Kept extends Owner {
  mutations: DehydratedState['mutations'];
  /** The ones waiting aside (an earlier token's), while /api/me has not said whose this token is. */
  aside?: Kept;
}

/** The actions that wait are the mutations that run only online: everything else runs at once (app/query-client.ts). */
const waits = (mutation: Mutation) => mutation.options.networkMode === 'online';

function ownerNow(): Owner {
  const { orgId, user, token } = useSession.getState();
  return { org: orgId, person: user?.id ?? null, token: hashOf(token) };
}

/** Whether `now` is who made `kept`; undefined while a new token's person is not known yet. */
function sameOwner(kept: Owner, now: Owner) {
  if (kept.org !== now.org || !kept.token || !now.token) return false;
  if (kept.token === now.token) return true;
  if (kept.person === null) return false;
  if (now.person === null) return undefined;
  return kept.person === now.person;
}

const dropped = (count: number) => void toast(i18next.t('common.waitingDropped', { count }));

/** What waits aside, for a client, until /api/me says whose the new token is. */
const aside = new WeakMap<QueryClient, Kept>();

function setAside(client: QueryClient, kept: Kept | null) {
  if (kept) aside.set(client, kept);
  else aside.delete(client);
  setWaitingAside(client, kept?.mutations.length ?? 0);
}

function bringBack(client: QueryClient, kept: Kept) {
  registerWaitingActions(client);
  // One that was on its way when the page went is sent again (with its Idempotency-Key, if it has one).
  hydrate(client, { mutations: kept.mutations.map((m) => ({ ...m, state: { ...m.state, isPaused: true } })) });
  for (const mutation of client.getMutationCache().getAll()) showWaiting(client, mutation);
  // Offline, they wait: the client resumes them when the network is back.
  if (onlineManager.isOnline()) void client.resumePausedMutations();
}

/** Brings back, drops (said so) or leaves aside what waits aside, by who is signed in now. */
function settle(client: QueryClient) {
  const kept = aside.get(client);
  const same = kept && sameOwner(kept, ownerNow());
  if (!kept || same === undefined) return;
  setAside(client, null);
  if (same) bringBack(client, kept);
  else dropped(kept.mutations.length);
}

/** The last visit's waiting actions, for the person who made them (dropped, and said so, for anyone else). */
export function restoreWaitingActions(client: QueryClient, last: Kept) {
  const { aside: earlier, ...own } = last;
  let gone = 0;
  let kept = false;
  for (const part of earlier ? [earlier, own] : [own]) {
    if (!part.mutations.length) continue;
    const same = sameOwner(part, ownerNow());
    // Only one record waits aside: a second undecided one (never written so) goes as another's would.
    if (same === false || (same === undefined && aside.has(client))) {
      gone += part.mutations.length;
      continue;
    }
    if (same) bringBack(client, part);
    else setAside(client, part);
    kept = true;
  }
  if (!gone) return;
  if (!kept) void keepWaitingActions(null);
  dropped(gone);
}

/**
 * From just after the first render on (what waits by then is written at once): writes the waiting actions whenever one is added or settles, and
 * sets aside the ones still waiting when the token changes, until the new token's person is known.
 */
export function keepWaitingActionsOf(client: QueryClient) {
  const cache = client.getMutationCache();
  // Each action belongs to the token it was first seen under: one on its way while the token changed is not the new one's.
  let owner = ownerNow();
  let signIn = 0;
  const seenUnder = new WeakMap<Mutation, number>();
  const pending = () =>
    cache.getAll().filter((m) => {
      if (!waits(m) || m.state.status !== 'pending') return false;
      if (!seenUnder.has(m)) seenUnder.set(m, signIn);
      return seenUnder.get(m) === signIn;
    });
  const dehydrated = (mutations: Mutation[]) =>
    dehydrate(client, { shouldDehydrateQuery: () => false, shouldDehydrateMutation: (m) => mutations.includes(m) }).mutations.map((m) =>
      // What a hook kept to put things back (the lists as they were) is no use after a reload, and may be large.
      ({ ...m, state: { ...m.state, context: undefined, error: null, failureReason: null } }),
    );
  let written = '';
  settle(client);
  const write = () => {
    // What waits aside stays on the device beside the new token's, until it is decided.
    const held = aside.get(client);
    const now = pending();
    const ids = `${owner.person}:${now.map((m) => m.mutationId).join()}:${held ? held.mutations.length : ''}`;
    if (ids === written) return;
    written = ids;
    void keepWaitingActions({ ...owner, mutations: dehydrated(now), ...(held && { aside: held }) } satisfies Kept);
  };
  write();
  const unwatchCache = cache.subscribe(write);
  const unwatchSession = useSession.subscribe(() => {
    const now = ownerNow();
    if (now.org !== owner.org || now.token !== owner.token) {
      const gone = pending().filter((m) => m.state.isPaused);
      // One set aside already (a token changed twice before /api/me answered) stays the one decided.
      if (aside.has(client)) {
        if (gone.length) dropped(gone.length);
      } else if (gone.length) setAside(client, { ...owner, mutations: dehydrated(gone) });
      for (const mutation of gone) cache.remove(mutation);
      signIn += 1;
    }
    owner = now;
    settle(client);
    written = '-';
    write();
  });
  return () => {
    unwatchCache();
    unwatchSession();
  };
}
