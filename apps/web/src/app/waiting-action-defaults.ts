import { type Mutation, type QueryClient, matchMutation } from '@tanstack/react-query';
import { postReaction } from '@/entities/post/api/toggle-post-reaction.ts';
import { commentLike } from '@/features/community/api/toggle-comment-like.ts';
import { createComment } from '@/features/community/api/create-comment.ts';
import { likeConfig } from '@/features/configs/api/like-config.ts';
import { recordApply } from '@/features/configs/api/record-apply.ts';
import { markRead } from '@/features/notifications/api/mark-read.ts';
import { saveNotificationSettings } from '@/features/notifications/api/notification-settings.ts';
import { follow } from '@/features/people/api/follow.ts';

/**
 * How each action that waits is sent, and what its answer changes, for the ones a reload brought
 * back (app/waiting-action-store.ts): they have no component, only their key and their variables.
 */
export function registerWaitingActions(client: QueryClient) {
  client.setMutationDefaults(postReaction.mutationKey, postReaction);
  client.setMutationDefaults(commentLike.mutationKey, commentLike);
  client.setMutationDefaults(createComment.mutationKey, createComment);
  client.setMutationDefaults(likeConfig.mutationKey, likeConfig);
  client.setMutationDefaults(recordApply.mutationKey, recordApply);
  client.setMutationDefaults(markRead.mutationKey, markRead);
  client.setMutationDefaults(saveNotificationSettings.mutationKey, saveNotificationSettings);
  client.setMutationDefaults(follow.mutationKey, follow);
}

/**
 * A restored like or favourite shows as done again on the posts the last visit kept (it may have
 * gone before they were written). The others change what no kept answer holds.
 */
export function showWaiting(client: QueryClient, mutation: Mutation) {
  if (matchMutation({ mutationKey: postReaction.mutationKey }, mutation)) {
    postReaction.show?.(client, mutation.state.variables as Parameters<typeof postReaction.mutationFn>[0]);
  }
}
