import { useSyncExternalStore } from 'react';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { UploadRecord } from './uploader/upload-file.ts';

/** A file chosen for the post. Its bytes live in IndexedDB under `id` (draft-files.ts). */
export interface DraftFile {
  id: string;
  name: string;
  type: string;
  size: number;
  kind: 'image' | 'video';
  /** Where its upload got to; null until the first send. */
  upload: UploadRecord | null;
  /** A video's first frame (mp4, mov), kept in IndexedDB like the file and uploaded as an image. */
  poster: { id: string; upload: UploadRecord | null } | null;
  /** A video's length in seconds, read with its poster; absent when the browser could not tell. */
  duration?: number;
}

/**
 * The post being written, shared by the pages that build it (AddPost, and the Config page that
 * picks configurations for it), kept in local storage so that leaving the page or reloading the
 * app loses nothing until it is sent or discarded. Chosen files live in IndexedDB (their bytes do
 * not fit in local storage); this store keeps the text, the ids and where each upload got to.
 */
export interface PostDraftState {
  content: string;
  /** Configurations to attach, in the order chosen. */
  configIds: string[];
  /** A controller model of the organisation, or null. */
  model: string | null;
  /** Images and at most one video, in the order they will appear. */
  files: DraftFile[];
  /**
   * The Idempotency-Key of the send: made at the first attempt and kept through retries, so a
   * retry never makes a second post. A change to the draft starts a new one, unless the key is in
   * doubt.
   */
  idempotencyKey: string | null;
  /**
   * The key went out with a post that got no clear answer (the network failed, or the server did
   * after perhaps saving it): the post may exist. The key then stays through every change until
   * the server answers for it, so an edited draft sent again can never become a second post.
   */
  keyInDoubt: boolean;
  setContent(content: string): void;
  setConfigIds(ids: string[]): void;
  setModel(model: string | null): void;
  addFiles(files: DraftFile[]): void;
  removeFile(id: string): void;
  /** Moves a file one place earlier (-1) or later (+1). */
  moveFile(id: string, by: -1 | 1): void;
  setUpload(id: string, upload: UploadRecord): void;
  /** The key for this send: the one of the failed attempt, or a new one. */
  sendKey(): string;
  /** The post went out with the key and its answer was lost: keep the key whatever changes. */
  doubtKey(): void;
  /** The server answered for the key and no post stands behind it (deleted since): the next send is a new one. */
  dropKey(): void;
  clear(): void;
}

/** 128 random bits as hex. Not crypto.randomUUID: it exists only on https pages and localhost. */
function newKey(): string {
  return [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, '0')).join('');
}

const empty = { content: '', configIds: [], model: null, files: [], idempotencyKey: null, keyInDoubt: false };

/** What a change to the draft does to the key: a new send gets a new one, unless the last one is in doubt. */
const changed = (s: Pick<PostDraftState, 'keyInDoubt'>) => (s.keyInDoubt ? {} : { idempotencyKey: null });

const ANONYMOUS = 'anonymous';
const STORAGE_NAME = 'padhub.postDraft';
/**
 * Whose draft is shown: each person on the device has their own, so someone who logs in after
 * another never sees what the other was writing.
 */
let owner = ANONYMOUS;
const ownedStorage = createJSONStorage(() => ({
  getItem: (name) => localStorage.getItem(`${name}.${owner}`),
  setItem: (name, value) => localStorage.setItem(`${name}.${owner}`, value),
  removeItem: (name) => localStorage.removeItem(`${name}.${owner}`),
}));

export const usePostDraft = create<PostDraftState>()(
  persist(
    (set, get) => ({
      ...empty,
      setContent: (content) => set((s) => ({ content, ...changed(s) })),
      setConfigIds: (configIds) => set((s) => ({ configIds, ...changed(s) })),
      setModel: (model) => set((s) => ({ model, ...changed(s) })),
      addFiles: (files) => set((s) => ({ files: [...s.files, ...files], ...changed(s) })),
      removeFile: (id) => set((s) => ({ files: s.files.filter((f) => f.id !== id), ...changed(s) })),
      moveFile: (id, by) =>
        set((s) => {
          const from = s.files.findIndex((f) => f.id === id);
          const to = from + by;
          if (from < 0 || to < 0 || to >= s.files.length) return s;
          const files = [...s.files];
          [files[from], files[to]] = [files[to]!, files[from]!];
          return { files, ...changed(s) };
        }),
      // Not a change to what is sent: the key stays.
      setUpload: (id, upload) =>
        set((s) => ({
          files: s.files.map((f) => (f.id === id ? { ...f, upload } : f.poster?.id === id ? { ...f, poster: { ...f.poster, upload } } : f)),
        })),
      sendKey: () => {
        const key = get().idempotencyKey ?? newKey();
        set({ idempotencyKey: key });
        return key;
      },
      doubtKey: () => set((s) => (s.idempotencyKey ? { keyInDoubt: true } : s)),
      dropKey: () => set({ idempotencyKey: null, keyInDoubt: false }),
      clear: () => set(empty),
    }),
    // Not read at load: whose draft it is becomes known with the person (switchDraftOwner).
    { name: STORAGE_NAME, version: 2, storage: ownedStorage, skipHydration: true },
  ),
);

const hasContent = (d: Pick<PostDraftState, 'content' | 'files' | 'configIds'>) => d.content.trim() !== '' || d.files.length > 0 || d.configIds.length > 0;

const readyListeners = new Set<() => void>();
let ready = false;

/**
 * Shows the draft of this person (null: nobody logged in). What someone wrote before logging in
 * comes along into their own draft when that is empty: logging in to send must not lose the text.
 */
export async function switchDraftOwner(userId: string | null) {
  const next = userId ?? ANONYMOUS;
  if (next === owner && ready) return;
  const carried = owner === ANONYMOUS && next !== ANONYMOUS && ready ? usePostDraft.getState() : null;
  owner = next;
  // Reading this person's stored draft replaces what is shown; without one, start empty (setting
  // state writes it, so only do that when there is nothing of theirs to overwrite).
  if (localStorage.getItem(`${STORAGE_NAME}.${next}`) === null) usePostDraft.setState(empty);
  else await usePostDraft.persist.rehydrate();
  if (carried && hasContent(carried) && !hasContent(usePostDraft.getState())) {
    const { content, configIds, model, files } = carried;
    usePostDraft.setState({ content, configIds, model, files, idempotencyKey: null, keyInDoubt: false });
    localStorage.removeItem(`${STORAGE_NAME}.${ANONYMOUS}`);
  }
  ready = true;
  for (const listener of readyListeners) listener();
}

/** False until the person (or nobody) is known and their draft is read. */
export function useDraftReady() {
  return useSyncExternalStore(
    (listener) => {
      readyListeners.add(listener);
      return () => readyListeners.delete(listener);
    },
    () => ready,
  );
}
