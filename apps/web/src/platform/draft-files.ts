import { createStore, del, delMany, get, set } from 'idb-keyval';

/**
 * The bytes of the draft's chosen files, in IndexedDB (local storage holds a few megabytes of
 * text; a video is up to 1 GB). Where IndexedDB is unavailable (some private modes), the files
 * stay in memory: the draft then survives leaving the page but not a reload.
 */
const store = typeof indexedDB === 'undefined' ? null : createStore('padhub-drafts', 'files');
const memory = new Map<string, Blob>();
const urls = new Map<string, string>();

export async function saveDraftFile(id: string, blob: Blob): Promise<void> {
  memory.set(id, blob);
  if (store) await set(id, blob, store).catch(() => undefined);
}

export async function loadDraftFile(id: string): Promise<Blob | null> {
  const held = memory.get(id);
  if (held) return held;
  if (!store) return null;
  const blob = await get<Blob>(id, store).catch(() => undefined);
  if (blob) memory.set(id, blob);
  return blob ?? null;
}

/** An object URL of the file for thumbnails and the preview: one per file, released when the file leaves the draft. */
export async function draftFileUrl(id: string): Promise<string | null> {
  const made = urls.get(id);
  if (made) return made;
  const blob = await loadDraftFile(id);
  if (!blob) return null;
  const url = urls.get(id) ?? URL.createObjectURL(blob);
  urls.set(id, url);
  return url;
}

export async function deleteDraftFiles(ids: string[]): Promise<void> {
  for (const id of ids) {
    memory.delete(id);
    const url = urls.get(id);
    if (url) URL.revokeObjectURL(url);
    urls.delete(id);
  }
  if (store && ids.length > 0) await (ids.length === 1 ? del(ids[0]!, store) : delMany(ids, store)).catch(() => undefined);
}
