import type { Media } from '@padhub/contracts';
import { readLocal, writeLocal } from './device-storage.ts';
import type { DraftFile } from './post-draft.ts';

/**
 * An edit of a post not saved yet: what the post keeps of its files and what was added on this
 * device (their bytes in IndexedDB, draft-files.ts). Kept in local storage per person and post,
 * so that picking configurations on the Config page, leaving, or reloading loses nothing until
 * the edit is saved or its changes are discarded.
 */
export interface EditDraft {
  content: string;
  model: string | null;
  configIds: string[];
  /** Files the post shows already, in their order; named again to keep them. */
  kept: Media[];
  /** Files chosen now, uploaded when the edit is saved; they follow the kept ones. */
  added: DraftFile[];
}

const keyOf = (userId: string, postId: string) => `padhub.editDraft.${userId}.${postId}`;

export const readEditDraft = (userId: string, postId: string) => readLocal<EditDraft>(keyOf(userId, postId));

export const writeEditDraft = (userId: string, postId: string, draft: EditDraft) => writeLocal(keyOf(userId, postId), draft);

export const clearEditDraft = (userId: string, postId: string) => writeLocal(keyOf(userId, postId), null);
