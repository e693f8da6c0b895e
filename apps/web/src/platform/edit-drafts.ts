import type { Media } from '@padhub/contracts';
import { localKeys, readLocal, writeLocal } from './device-storage.ts';
import { deleteDraftFiles } from './draft-files.ts';
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

/** As stored: with when it was last written (ms since 1970), so that one left behind can be swept. */
interface StoredEditDraft extends EditDraft {
  savedAt?: number;
}

const prefix = 'padhub.editDraft.';
const keyOf = (userId: string, postId: string) => `${prefix}${userId}.${postId}`;

export function readEditDraft(userId: string, postId: string): EditDraft | null {
  const stored = readLocal<StoredEditDraft>(keyOf(userId, postId));
  if (!stored) return null;
  const { savedAt: _, ...draft } = stored;
  return draft;
}

/** The draft, opened again to go on with it: its age starts again, so the sweep leaves it alone. */
export function resumeEditDraft(userId: string, postId: string): EditDraft | null {
  const draft = readEditDraft(userId, postId);
  if (draft) writeEditDraft(userId, postId, draft);
  return draft;
}

export const writeEditDraft = (userId: string, postId: string, draft: EditDraft) => writeLocal(keyOf(userId, postId), { ...draft, savedAt: Date.now() } satisfies StoredEditDraft);

export const clearEditDraft = (userId: string, postId: string) => writeLocal(keyOf(userId, postId), null);

/** The ids under which a draft's files (and a video's first frame) are kept in IndexedDB. */
export const draftFileIds = (files: DraftFile[]) => files.flatMap((f) => (f.poster ? [f.id, f.poster.id] : [f.id]));

/**
 * One edit draft's writes while the person types: the last one waits `delay` ms for the next
 * keystroke, instead of serialising the whole draft on every one. `flush` writes what waits at
 * once (leaving the page, the form closing); `cancel` forgets it (saved or discarded).
 */
export function editDraftWriter(userId: string, postId: string, delay = 400) {
  let waiting: EditDraft | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cancel = () => {
    clearTimeout(timer);
    timer = undefined;
    waiting = null;
  };
  const flush = () => {
    const draft = waiting;
    cancel();
    if (draft) writeEditDraft(userId, postId, draft);
  };
  return {
    write(draft: EditDraft) {
      waiting = draft;
      clearTimeout(timer);
      timer = setTimeout(flush, delay);
    },
    flush,
    cancel,
  };
}

/** An edit draft not written for this long is taken as abandoned. */
export const editDraftMaxAge = 30 * 24 * 60 * 60_000;

/**
 * Drops the edit drafts on this device not written for `maxAge` (every person's: a shared phone
 * keeps them all), with their files in IndexedDB, which nothing else would ever delete. A draft
 * stored before drafts carried their time starts its age now.
 */
export async function sweepEditDrafts(now = Date.now(), maxAge = editDraftMaxAge): Promise<void> {
  const files: string[] = [];
  for (const key of localKeys(prefix)) {
    const draft = readLocal<StoredEditDraft>(key);
    if (draft && typeof draft.savedAt !== 'number') {
      writeLocal(key, { ...draft, savedAt: now });
      continue;
    }
    if (draft?.savedAt && now - draft.savedAt <= maxAge) continue;
    files.push(...draftFileIds(draft?.added ?? []));
    writeLocal(key, null);
  }
  await deleteDraftFiles(files);
}
