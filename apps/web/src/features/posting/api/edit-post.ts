import type { QueryClient } from '@tanstack/react-query';
import { type EditPostInput, type Media, type MediaClaim, type Post, headers } from '@padhub/contracts';
import { api } from '@/platform/api/client.ts';
import { deleteDraftFiles } from '@/platform/draft-files.ts';
import type { EditDraft } from '@/platform/edit-drafts.ts';
import { uploadFiles } from '@/platform/uploader/index.ts';
import { postKeys } from '@/entities/post/keys.ts';
import { claimsOf, jobsOf } from './send-post.ts';

/** PATCH /api/posts/:id. The key makes a retry answer the first edit instead of editing twice. */
const patchPost = (id: string, body: EditPostInput, idempotencyKey: string) =>
  api.patch<Post>(`/posts/${encodeURIComponent(id)}`, body, { headers: { [headers.idempotencyKey]: idempotencyKey } });

/** The post as it is being edited: what it keeps of its files and what was added on this device. */
export type EditState = EditDraft;

/** A file the post already shows is named by its path alone: the server keeps its poster and renditions. */
const keptClaim = (m: Media): MediaClaim => ({ path: m.path, kind: m.kind });

/**
 * Saves the edit: uploads the added files (reporting each one's progress), then sends the whole
 * new version with the key. Every list and detail of posts reads again; the added files leave the device.
 */
export async function saveEdit(client: QueryClient, id: string, edit: EditState, key: string, onProgress: (id: string, fraction: number) => void): Promise<Post> {
  const added = edit.added.map((f) => ({ ...f }));
  const uploaded = await uploadFiles(await jobsOf(added), {
    onRecord: (fileId, record) => {
      for (const file of added) {
        if (file.id === fileId) file.upload = record;
        else if (file.poster?.id === fileId) file.poster = { ...file.poster, upload: record };
      }
    },
    onProgress,
  });
  if (!uploaded) throw new Error('upload failed');
  const media = [...edit.kept.map(keptClaim), ...claimsOf(added)];
  const post = await patchPost(id, { content: edit.content, media, configIds: edit.configIds, model: edit.model }, key);
  await deleteDraftFiles(added.flatMap((f) => (f.poster ? [f.id, f.poster.id] : [f.id])));
  await client.invalidateQueries({ queryKey: postKeys.all });
  return post;
}
