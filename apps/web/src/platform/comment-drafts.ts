import { useSyncExternalStore } from 'react';
import { readLocal, writeLocal } from './device-storage.ts';

/**
 * The comment being written under a post, kept in local storage until it is sent: leaving the
 * page, a reload or a send that waits for the network loses nothing. One per post, marked with
 * its writer: the next person on the device does not see it; one typed before logging in is kept
 * by whoever logs in to send it.
 */
interface Stored {
  userId: string;
  text: string;
}

const keyOf = (postId: string) => `padhub.commentDraft.${postId}`;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** `userId`: the person writing ('' when nobody is logged in). */
function readCommentDraft(userId: string, postId: string): string {
  const stored = readLocal<Stored>(keyOf(postId));
  return stored && (stored.userId === userId || stored.userId === '') ? stored.text : '';
}

/** An empty text removes the post's draft, whoever wrote it (sent, or typed away). */
export function writeCommentDraft(userId: string, postId: string, text: string) {
  writeLocal(keyOf(postId), text ? ({ userId, text } satisfies Stored) : null);
  for (const listener of listeners) listener();
}

export function useCommentDraft(userId: string, postId: string) {
  // The server draws the box empty; the page hydrates it so, then shows the draft kept on the device.
  const text = useSyncExternalStore(
    subscribe,
    () => readCommentDraft(userId, postId),
    () => '',
  );
  return [text, (next: string) => writeCommentDraft(userId, postId, next)] as const;
}
