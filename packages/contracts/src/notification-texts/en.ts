/** The notifications' words in English, the source the other languages are typed from. */
export const en = {
  text: {
    comment: '{{name}} commented on your post',
    reply: '{{name}} replied to your comment',
    mention: '{{name}} mentioned you',
    post_like: '{{name}} liked your post',
    comment_like: '{{name}} liked your comment',
    config_copy: '{{name}} saved a copy of your configuration',
    config_apply: '{{name}} applied your configuration',
    follow: '{{name}} followed you',
    post_passed: 'Your post passed review',
    post_not_passed: 'Your post did not pass review',
    post_not_passedBecause: 'Your post did not pass review: {{reason}}',
    post_removed: 'Your post was removed',
    post_removedBecause: 'Your post was removed: {{reason}}',
    comment_removed: 'Your comment was removed',
    comment_removedBecause: 'Your comment was removed: {{reason}}',
    reportActionTaken: 'We took action on something you reported',
    reportNoAction: 'We reviewed something you reported and took no action',
    video_processed: 'Your video is ready to play',
    videoFailed: 'Your video could not be prepared: open the post to try again or replace it',
    new_sign_in: 'New sign-in to your account: {{device}}',
  },
  grouped: {
    post_like_one: '{{name}} and {{count}} other liked your post',
    post_like_other: '{{name}} and {{count}} others liked your post',
    comment_like_one: '{{name}} and {{count}} other liked your comment',
    comment_like_other: '{{name}} and {{count}} others liked your comment',
    config_copy_one: '{{name}} and {{count}} other saved a copy of your configuration',
    config_copy_other: '{{name}} and {{count}} others saved a copy of your configuration',
    config_apply_one: '{{name}} and {{count}} other applied your configuration',
    config_apply_other: '{{name}} and {{count}} others applied your configuration',
    follow_one: '{{name}} and {{count}} other followed you',
    follow_other: '{{name}} and {{count}} others followed you',
  },
  push: {
    reason: 'Reason: {{reason}}',
    deregistered: 'Deregistered user',
  },
};

/** Every language's notification words: the keys of English, each a string. */
export type NotificationTexts = { [Part in keyof typeof en]: { [Key in keyof (typeof en)[Part]]: string } };
