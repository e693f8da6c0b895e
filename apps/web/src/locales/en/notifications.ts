import { en as notificationTexts } from '@padhub/contracts/notification-texts/en.ts';

/** The inbox and its settings; what a notification says is shared with the server's pushes (@padhub/contracts). */
export const notifications = {
  tabsLabel: 'Show',
  tabs: { all: 'All', conversations: 'Mentions & replies' },
  markAllRead: 'Mark all read',
  unread: 'Unread:',
  empty: 'No notifications yet.',
  emptyConversations: 'No mentions or replies yet.',
  gone: 'This content was deleted or is no longer visible.',
  text: notificationTexts.text,
  grouped: notificationTexts.grouped,
  types: {
    comment: 'Comments on my posts',
    reply: 'Replies to my comments',
    mention: 'Mentions of me',
    post_like: 'Likes of my posts',
    comment_like: 'Likes of my comments',
    config_copy: 'Copies of my configurations',
    config_apply: 'Applies of my configurations',
    follow: 'New followers',
    post_passed: 'My post passed review',
    post_not_passed: 'My post did not pass review',
    post_removed: 'My post was removed',
    comment_removed: 'My comment was removed',
    report_outcome: 'Outcomes of my reports',
    video_processed: 'My videos are ready, or failed',
    new_sign_in: 'Sign-ins from a new device or network',
  },
  settings: {
    hint: 'Choose what reaches your inbox and what your phone pushes. A type switched off for both is not created at all.',
    inbox: 'Inbox',
    push: 'Push',
  },
};
