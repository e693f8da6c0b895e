import { Repo } from '#server/db/repo.ts';

export interface PostRequest {
  requestHash: string;
  postId: string;
}

/** The Idempotency-Key records of created and edited posts (migrations 003, 017). */
export class PostRequestsRepo extends Repo {
  async find(userId: string, key: string): Promise<PostRequest | undefined> {
    const [row] = await this.q.query<{ request_hash: string; post_id: string }>(
      'select request_hash, post_id from post_requests where user_id = $1 and idempotency_key = $2',
      [userId, key],
    );
    return row && { requestHash: row.request_hash, postId: row.post_id };
  }

  /**
   * Records the key for a post inserted in the same transaction. Answers false when the key is
   * already taken: by a committed request, or by one still in flight, which this insert waits
   * for (PostgreSQL blocks on the primary key until that transaction ends).
   */
  async claim(request: PostRequest & { userId: string; key: string; edit?: boolean }): Promise<boolean> {
    const rows = await this.q.query(
      `insert into post_requests (user_id, idempotency_key, request_hash, post_id, edit) values ($1, $2, $3, $4, $5)
       on conflict (user_id, idempotency_key) do nothing returning post_id`,
      [request.userId, request.key, request.requestHash, request.postId, request.edit ?? false],
    );
    return rows.length > 0;
  }
}
