import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reportFailure } from '@/entities/session/report-failure.ts';
import type { ModerationResult, PersonTrust, ReportTargetType } from '@padhub/contracts';
import { api } from '@/platform/api/client.ts';
import { postKeys } from '@/entities/post/keys.ts';
import { commentKeys } from '@/entities/comment/keys.ts';
import { moderationKeys } from '@/features/moderation/api/keys.ts';

/** Every action of the console; each is sent with its reason (and a ban with its length). */
export type ModerationAction =
  | { kind: 'pass' | 'not-pass' | 'delete-post'; postId: string; /** Decides the post's edit waiting for review, not the post. */ edit?: boolean }
  | { kind: 'delete-comment'; commentId: string }
  /** A comment a watched word holds for review. */
  | { kind: 'pass-comment' | 'not-pass-comment'; commentId: string }
  | { kind: 'dismiss'; targetType: ReportTargetType; targetId: string }
  | { kind: 'ban'; userId: string }
  | { kind: 'unban'; userId: string }
  | { kind: 'role'; userId: string; role: 'user' | 'moderator' }
  | { kind: 'trust'; userId: string; trusted: boolean };

interface ActionInput {
  action: ModerationAction;
  reason: string;
  /** A ban's length in days; null for good. */
  days?: number | null;
  /** A ban hides the person's posts and comments while it lasts. */
  hideContent?: boolean;
}

function moderate({ action, reason, days, hideContent }: ActionInput): Promise<ModerationResult | PersonTrust> {
  switch (action.kind) {
    case 'pass':
    case 'not-pass':
      return api.post(`/admin/posts/${action.postId}/${action.kind}`, { reason, edit: action.edit ?? false });
    case 'delete-post':
      return api.post(`/admin/posts/${action.postId}/delete`, { reason });
    case 'delete-comment':
      return api.post(`/admin/comments/${action.commentId}/delete`, { reason });
    case 'pass-comment':
      return api.post(`/admin/comments/${action.commentId}/pass`, { reason });
    case 'not-pass-comment':
      return api.post(`/admin/comments/${action.commentId}/not-pass`, { reason });
    case 'dismiss':
      return api.post('/admin/reports/dismiss', { targetType: action.targetType, targetId: action.targetId, reason });
    case 'ban':
      return api.post(`/admin/users/${action.userId}/ban`, { reason, days: days ?? null, hideContent: hideContent ?? false });
    case 'unban':
      return api.post(`/admin/users/${action.userId}/unban`, { reason });
    case 'role':
      return api.put(`/admin/users/${action.userId}/role`, { role: action.role, reason });
    case 'trust':
      return api.put<PersonTrust>(`/admin/users/${action.userId}/trust`, { trusted: action.trusted, reason });
  }
}

/** Runs an action; every queue, and the community lists the action may have changed, ask again. */
export function useModerate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: moderate,
    onError: reportFailure,
    onSuccess: () =>
      Promise.all([moderationKeys.all, postKeys.all, commentKeys.all].map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
}
