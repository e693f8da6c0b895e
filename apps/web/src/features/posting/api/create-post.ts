import { type CreatePostInput, type Post, headers } from '@padhub/contracts';
import { api } from '@/platform/api/client.ts';

/** POST /api/posts. The key makes a retry answer the first post instead of making a second. */
export const createPost = (body: CreatePostInput, idempotencyKey: string) =>
  api.post<Post>('/posts', body, { headers: { [headers.idempotencyKey]: idempotencyKey } });
