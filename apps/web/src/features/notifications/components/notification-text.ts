import type { TFunction } from 'i18next';
import { type Notification, type NotificationType, groupedNotificationTypes } from '@padhub/contracts';
import { paths } from '@/paths.ts';
import { displayName } from '@/entities/user/avatar.tsx';

type GroupedType = 'post_like' | 'comment_like' | 'config_copy' | 'config_apply' | 'follow';
const isGrouped = (type: NotificationType): type is GroupedType => groupedNotificationTypes.includes(type);

/**
 * The sentence of an item: "Alex replied to your comment", "Alex and 12 others liked your post",
 * "Your post did not pass review: <reason>". Grouped types count the others with plurals.
 */
export function notificationText(n: Notification, t: TFunction): string {
  const first = n.actors[0];
  const name = first ? displayName(first, t('common.loggedOutUser')) : '';
  const others = n.actorCount - 1;
  if (isGrouped(n.type) && others > 0) return t(`notifications.grouped.${n.type}`, { name, count: others });
  switch (n.type) {
    case 'post_not_passed':
    case 'post_removed':
    case 'comment_removed':
      return n.reason ? t(`notifications.text.${n.type}Because`, { reason: n.reason }) : t(`notifications.text.${n.type}`);
    case 'report_outcome':
      return t(n.reason === 'action_taken' ? 'notifications.text.reportActionTaken' : 'notifications.text.reportNoAction');
    case 'video_processed':
      return t(n.reason === 'ready' ? 'notifications.text.video_processed' : 'notifications.text.videoFailed');
    case 'new_sign_in':
      // The excerpt is the device and network as the server read them at the sign-in.
      return t('notifications.text.new_sign_in', { device: n.target.excerpt ?? '' });
    default:
      return t(`notifications.text.${n.type}`, { name });
  }
}

/** Where an item opens: the comment highlighted on its post, the post, the configuration, the person, the sessions; null when gone. */
export function notificationLink(n: Notification): string | null {
  const target = n.target;
  if (target.gone) return null;
  if (target.type === 'comment') return target.postId ? paths.commentInPlace({ id: target.id, postId: target.postId, rootId: target.rootId }) : null;
  if (target.type === 'post') return paths.post(target.id);
  if (target.type === 'config') return paths.configuration(target.id);
  if (n.type === 'new_sign_in') return paths.userSessions;
  const follower = n.actors[0];
  return follower ? paths.profile(follower.id) : null;
}
