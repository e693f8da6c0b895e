import type { safety as source } from '@/locales/en/safety.ts';
import type { Strings } from '@/locales/en/index.ts';

export const safety: Strings<typeof source> = {
  report: {
    aboutPost: '你正在举报一个帖子',
    aboutComment: '你正在举报一条评论',
    aboutUser: '你正在举报一位用户',
    reasonLabel: '举报原因',
    descriptionLabel: '描述',
    descriptionPlaceholder: '请描述你的内容',
    descriptionNeeded: '选择“其他”时，请描述你的内容',
    send: '发送',
    nothing: '这里没有可举报的内容。',
  },
  reports: {
    empty: '你还没有举报过内容。',
    post: '帖子',
    comment: '评论',
    user: '用户',
    gone: '内容已不可见',
    reason: '原因：{{reason}}',
  },
  lists: {
    blockedHint: '屏蔽后你看不到对方的帖子和评论，但对方仍能看到你的内容；加入黑名单还能阻止对方查看你的帖子和回复你。',
    blacklistHint: '对方无法查看你的帖子或回复你，你也看不到对方的内容。屏蔽只是让你看不到对方。',
    blockedEmpty: '你还没有屏蔽任何人。',
    blacklistEmpty: '你的黑名单是空的。',
    unblock: '取消屏蔽',
    unblockName: '取消屏蔽 {{name}}',
    unblocked: '已取消屏蔽',
    remove: '移出',
    removeName: '将 {{name}} 移出黑名单',
    removed: '已移出黑名单',
  },
};
