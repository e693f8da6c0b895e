import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { commentKeys } from '@/entities/comment/keys.ts';
import { updateComment, updatePost } from '@/entities/post/api/cache.ts';
import { useLiveEvent, useLiveTopic } from '@/platform/live.ts';

/**
 * The open post, live: its comments appear as others write, edit or delete them (the thread is
 * asked again), and its counts change where they show (every cached copy of the post, and of a
 * comment whose likes changed). The stream sends only what a read would show this reader.
 */
export function usePostLive(postId: string) {
  const client = useQueryClient();
  useLiveTopic(postId ? { post: postId } : {});
  useLiveEvent(
    'comment',
    useCallback(
      (data) => {
        if (data.postId !== postId) return;
        void client.invalidateQueries({ queryKey: commentKeys.ofPost(postId) });
        if (data.rootId) void client.invalidateQueries({ queryKey: commentKeys.replies(data.rootId) });
      },
      [client, postId],
    ),
  );
  useLiveEvent(
    'counts',
    useCallback(
      (data) => {
        updatePost(client, data.postId, (post) => ({ ...post, likeCount: data.likeCount, commentCount: data.commentCount }));
        const comment = data.comment;
        if (comment) updateComment(client, comment.id, (item) => ({ ...item, likeCount: comment.likeCount }));
      },
      [client],
    ),
  );
}
