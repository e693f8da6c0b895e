import { create } from 'zustand';
import { persist } from 'zustand/middleware';
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
   * retry never makes a second post; any change to the draft starts a new one.
   */
  idempotencyKey: string | null;
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
  clear(): void;
}

/** 128 random bits as hex. Not crypto.randomUUID: it exists only on https pages and localhost. */
function newKey(): string {
  return [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, '0')).join('');
}

const empty = { content: '', configIds: [], model: null, files: [], idempotencyKey: null };

export const usePostDraft = create<PostDraftState>()(
  persist(
    (set, get) => ({
      ...empty,
      setContent: (content) => set({ content, idempotencyKey: null }),
      setConfigIds: (configIds) => set({ configIds, idempotencyKey: null }),
      setModel: (model) => set({ model, idempotencyKey: null }),
      addFiles: (files) => set((s) => ({ files: [...s.files, ...files], idempotencyKey: null })),
      removeFile: (id) => set((s) => ({ files: s.files.filter((f) => f.id !== id), idempotencyKey: null })),
      moveFile: (id, by) =>
        set((s) => {
          const from = s.files.findIndex((f) => f.id === id);
          const to = from + by;
          if (from < 0 || to < 0 || to >= s.files.length) return s;
          const files = [...s.files];
          [files[from], files[to]] = [files[to]!, files[from]!];
          return { files, idempotencyKey: null };
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
      clear: () => set(empty),
    }),
    { name: 'padhub.postDraft', version: 1 },
  ),
);
