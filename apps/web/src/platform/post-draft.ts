import { create } from 'zustand';
import { persist } from 'zustand/middleware';

/**
 * The post being written, shared by the pages that build it (AddPost, and the Config page that
 * picks configurations for it), kept in local storage so that leaving the page or reloading the
 * app loses nothing until it is sent or discarded. Chosen files live in IndexedDB (their bytes do
 * not fit in local storage); this store keeps the text and the ids.
 */
export interface PostDraftState {
  content: string;
  /** Configurations to attach, in the order chosen. */
  configIds: string[];
  setContent(content: string): void;
  setConfigIds(ids: string[]): void;
  clear(): void;
}

export const usePostDraft = create<PostDraftState>()(
  persist(
    (set) => ({
      content: '',
      configIds: [],
      setContent: (content) => set({ content }),
      setConfigIds: (configIds) => set({ configIds }),
      clear: () => set({ content: '', configIds: [] }),
    }),
    { name: 'padhub.postDraft', version: 1 },
  ),
);
