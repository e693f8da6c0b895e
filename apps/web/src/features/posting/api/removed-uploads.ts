import { ApiError } from '@/platform/api/client.ts';
import { usePostDraft } from '@/platform/post-draft.ts';

/**
 * The server refused a file of the draft as removed from storage (media_removed: swept as unused
 * after a day, or its earlier post deleted) or missing: its upload record is forgotten, so the
 * next send uploads the file again, from the device, under a new name. Not a change to what the
 * person wrote: the key stays.
 */
export function forgetRemovedUpload(error: unknown): void {
  if (!(error instanceof ApiError) || !(error.is('media_removed') || error.is('media_missing'))) return;
  const path = (error.body.data as { path?: unknown } | undefined)?.path;
  if (typeof path !== 'string') return;
  usePostDraft.setState((s) => ({
    files: s.files.map((f) => ({
      ...f,
      upload: f.upload?.key === path ? null : f.upload,
      poster: f.poster && { ...f.poster, upload: f.poster.upload?.key === path ? null : f.poster.upload },
    })),
  }));
}
