import type { QueryClient } from '@tanstack/react-query';
import { create } from 'zustand';
import { type MediaClaim, type Post, errorCatalogue, idempotencyKeyReusedDataSchema } from '@padhub/contracts';
import { ApiError } from '@/platform/api/client.ts';
import { deleteDraftFiles, loadDraftFile } from '@/platform/draft-files.ts';
import { type DraftFile, usePostDraft } from '@/platform/post-draft.ts';
import { type UploadJob, uploadFiles } from '@/platform/uploader/index.ts';
import { createPost } from './create-post.ts';
import { forgetRemovedUpload } from './removed-uploads.ts';
import { postKeys } from '@/entities/post/keys.ts';

export interface SendState {
  status: 'idle' | 'sending' | 'failed';
  /** Share of each file's bytes sent (by draft file id, and poster id), 0 to 1. */
  progress: Record<string, number>;
  /** Why the last send failed: an ApiError from the server, or null (the network, the store). */
  error: ApiError | null;
}

/** Outlives the page: a send goes on when the person looks elsewhere, and the page shows it on return. */
export const useSendState = create<SendState>(() => ({ status: 'idle', progress: {}, error: null }));

/**
 * How a send ended: the new post; or sent already, by an earlier attempt of this draft whose
 * answer was lost (`postId`: that post, null if the server did not say); or null, failed.
 */
export type SendOutcome = { sent: Post } | { alreadySent: string | null } | null;

/** No answer, or the server failed after perhaps saving the post: whether it exists is unknown. */
const inDoubt = (error: unknown) => !(error instanceof ApiError) || error.status === 0 || error.status >= 500;

/** Thrown when a chosen file's bytes are gone from the device (storage cleared): it must be chosen again. */
const fileGone = () => new ApiError({ code: errorCatalogue.media_missing.code, message: 'media_missing' }, errorCatalogue.media_missing.status);

export async function jobsOf(files: DraftFile[]): Promise<UploadJob[]> {
  const jobs: UploadJob[] = [];
  for (const file of files) {
    const blob = await loadDraftFile(file.id);
    if (!blob) throw fileGone();
    jobs.push({ id: file.id, file: blob, name: file.name, type: file.type, folder: 'post', record: file.upload });
    if (file.poster) {
      const poster = await loadDraftFile(file.poster.id);
      if (poster) jobs.push({ id: file.poster.id, file: poster, name: 'poster.jpg', type: 'image/jpeg', folder: 'post', record: file.poster.upload });
    }
  }
  return jobs;
}

export function claimsOf(files: DraftFile[]): MediaClaim[] {
  return files.map((f) => ({
    path: f.upload!.key,
    kind: f.kind,
    ...(f.poster?.upload?.done ? { thumb: f.poster.upload.key } : {}),
    ...(f.kind === 'video' && f.duration !== undefined ? { duration: f.duration } : {}),
  }));
}

/** The draft is sent: it and its files leave the device, and the post lists start again from the top. */
async function sent(client: QueryClient, files: DraftFile[]) {
  // Nothing is aborted: every upload of the draft completed before the post went out, and the post uses them.
  await deleteDraftFiles(files.flatMap((f) => (f.poster ? [f.id, f.poster.id] : [f.id])));
  usePostDraft.getState().clear();
  useSendState.setState({ status: 'idle', progress: {}, error: null });
  // The feed and My posts start again from their first page, where the new post is.
  await client.resetQueries({ queryKey: postKeys.all });
}

/**
 * Sends the draft: uploads its files (resuming what an earlier attempt stored), then creates the
 * post with the draft's Idempotency-Key, so a retry after any failure never makes a second post.
 * A post whose answer was lost keeps its key even through edits (the draft's keyInDoubt): sent
 * again, it is either made now or answered as sent already, never made twice.
 * Answers how it ended; on failure useSendState says why.
 */
export async function sendDraft(client: QueryClient): Promise<SendOutcome> {
  if (useSendState.getState().status === 'sending') return null;
  const draft = usePostDraft.getState();
  const key = draft.sendKey();
  useSendState.setState({ status: 'sending', progress: {}, error: null });
  try {
    const uploaded = await uploadFiles(await jobsOf(draft.files), {
      onRecord: (id, record) => usePostDraft.getState().setUpload(id, record),
      onProgress: (id, fraction) => useSendState.setState((s) => ({ progress: { ...s.progress, [id]: fraction } })),
    });
    if (!uploaded) throw new Error('upload failed');
    const { files, content, configIds, model } = usePostDraft.getState();
    let post: Post;
    try {
      post = await createPost({ content, media: claimsOf(files), configIds, model }, key);
    } catch (error) {
      if (inDoubt(error)) usePostDraft.getState().doubtKey();
      forgetRemovedUpload(error);
      // The key already made a post, from the draft as it was before an edit: that one was sent.
      if (error instanceof ApiError && error.is('idempotency_key_reused')) {
        const made = idempotencyKeyReusedDataSchema.safeParse(error.body.data);
        await sent(client, files);
        return { alreadySent: made.success ? made.data.postId : null };
      }
      // The key's post was deleted since: nothing stands behind it, the next attempt is a new send.
      if (error instanceof ApiError && error.is('not_found')) usePostDraft.getState().dropKey();
      throw error;
    }
    await sent(client, files);
    return { sent: post };
  } catch (error) {
    useSendState.setState({ status: 'failed', error: error instanceof ApiError && error.status > 0 ? error : null });
    return null;
  }
}
