import { type InfiniteData, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { reportFailure } from '@/entities/session/report-failure.ts';
import type { ModerationResult, Page, PersonTrust, ReportTargetType, StaffPerson } from '@padhub/contracts';
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

/**
 * What an action makes of a person in the console's lists, known before the server answers: a ban
 * (its end, whether it hides their content), its end, a role. Null when it changes no person.
 */
function personAfter({ action, days, hideContent }: ActionInput, person: StaffPerson): StaffPerson | null {
  if (!('userId' in action) || action.userId !== person.id) return null;
  switch (action.kind) {
    case 'ban':
      return { ...person, ban: { until: days == null ? null : new Date(Date.now() + days * 86_400_000).toISOString(), hidesContent: hideContent ?? false } };
    case 'unban':
      return { ...person, ban: null };
    case 'role':
      return { ...person, role: action.role };
    default:
      return null;
  }
}

type PeoplePages = InfiniteData<Page<StaffPerson>>;
/** Every list of people, whatever its search. */
const peopleLists = { queryKey: [...moderationKeys.all, 'people'] };

/** Shows the action's outcome in every list of people at once; answers how to undo it. */
function showAhead(client: QueryClient, input: ActionInput): () => void {
  const before = client.getQueriesData<PeoplePages>(peopleLists);
  client.setQueriesData<PeoplePages>(peopleLists, (data) =>
    data && { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.map((person) => personAfter(input, person) ?? person) })) },
  );
  return () => before.forEach(([key, data]) => client.setQueryData(key, data));
}

/**
 * Runs an action. A ban, an unban or a role shows on the person's card at once (undone if the
 * server refuses); every queue, and the community lists the action may have changed, ask again
 * afterwards — not awaited, so that "done" is said as soon as the server has done it.
 */
export function useModerate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: moderate,
    onMutate: (input) => ({ undo: showAhead(client, input) }),
    onError: (error, _input, context) => {
      context?.undo();
      reportFailure(error);
    },
    onSettled: () => {
      for (const queryKey of [moderationKeys.all, postKeys.all, commentKeys.all]) void client.invalidateQueries({ queryKey });
    },
  });
}
