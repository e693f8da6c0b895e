/** Reports, blocking and the blacklist: the report page and the person's own safety pages. */
export const safety = {
  report: {
    aboutPost: 'You are reporting a post',
    aboutComment: 'You are reporting a comment',
    aboutUser: 'You are reporting a person',
    reasonLabel: 'Why are you reporting it?',
    descriptionLabel: 'Description',
    descriptionPlaceholder: 'Please describe the content',
    descriptionNeeded: 'Please describe the content when the reason is “Other”',
    send: 'Send',
    nothing: 'There is nothing to report here.',
  },
  reports: {
    empty: 'You have not reported anything.',
    post: 'Post',
    comment: 'Comment',
    user: 'Person',
    gone: 'No longer visible',
    reason: 'Reason: {{reason}}',
  },
  lists: {
    blockedHint: 'Blocking hides their posts and comments from you; they can still see yours. The blacklist also stops them from seeing your posts and replying to you.',
    blacklistHint: 'They cannot see your posts or reply to you, and you will not see theirs. Blocking only hides them from you.',
    blockedEmpty: 'You have not blocked anyone.',
    blacklistEmpty: 'Your blacklist is empty.',
    unblock: 'Unblock',
    unblockName: 'Unblock {{name}}',
    unblocked: 'Unblocked',
    remove: 'Remove',
    removeName: 'Remove {{name}} from the blacklist',
    removed: 'Removed from the blacklist',
  },
};
