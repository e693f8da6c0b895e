import { deleteDraftFiles, saveDraftFile } from '@/platform/draft-files.ts';
import { type DraftFile, usePostDraft } from '@/platform/post-draft.ts';
import { abortUploads, canTakePoster, capturePoster } from '@/platform/uploader/index.ts';
import type { PickedFile } from '@/features/posting/lib/choose-files.ts';
import { useSendState } from './send-post.ts';

const newId = () => [...crypto.getRandomValues(new Uint8Array(8))].map((b) => b.toString(16).padStart(2, '0')).join('');

/** Keeps the chosen files on the device (and a video's first frame as its poster), then adds them to the draft. */
export async function addToDraft(chosen: { file: File & PickedFile; kind: 'image' | 'video' }[]): Promise<void> {
  usePostDraft.getState().addFiles(await keepOnDevice(chosen));
}

/** Keeps the chosen files on the device, a video with its first frame as its poster, for a draft or an edit. */
export async function keepOnDevice(chosen: { file: File & PickedFile; kind: 'image' | 'video' }[]): Promise<DraftFile[]> {
  const files: DraftFile[] = [];
  for (const { file, kind } of chosen) {
    const id = newId();
    await saveDraftFile(id, file);
    let poster: DraftFile['poster'] = null;
    let duration: number | undefined;
    if (kind === 'video' && canTakePoster(file.name, file.type)) {
      const taken = await capturePoster(file);
      if (taken) {
        poster = { id: newId(), upload: null };
        duration = taken.duration;
        await saveDraftFile(poster.id, taken.frame);
      }
    }
    files.push({ id, name: file.name, type: file.type, size: file.size, kind, upload: null, poster, ...(duration === undefined ? {} : { duration }) });
  }
  return files;
}

export async function removeFromDraft(file: DraftFile): Promise<void> {
  usePostDraft.getState().removeFile(file.id);
  void abortUploads([file.upload, file.poster?.upload].filter((u) => u != null));
  await deleteDraftFiles(file.poster ? [file.id, file.poster.id] : [file.id]);
}

/** Discards the draft: its unfinished uploads are aborted and its files leave the device. */
export async function discardDraft(): Promise<void> {
  const { files, clear } = usePostDraft.getState();
  clear();
  useSendState.setState({ status: 'idle', progress: {}, error: null });
  void abortUploads(files.flatMap((f) => [f.upload, f.poster?.upload]).filter((u) => u != null));
  await deleteDraftFiles(files.flatMap((f) => (f.poster ? [f.id, f.poster.id] : [f.id])));
}
