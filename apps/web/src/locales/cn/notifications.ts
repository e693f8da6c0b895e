import type { notifications as source } from '@/locales/en/notifications.ts';
import type { Strings } from '@/locales/en/index.ts';
import { cn as notificationTexts } from '@padhub/contracts/notification-texts/cn.ts';

export const notifications: Strings<typeof source> = {
  tabsLabel: '显示',
  tabs: { all: '全部', conversations: '@我和回复' },
  markAllRead: '全部已读',
  unread: '未读：',
  empty: '还没有通知。',
  emptyConversations: '还没有人@你或回复你。',
  gone: '该内容已删除或不再可见。',
  text: notificationTexts.text,
  grouped: notificationTexts.grouped,
  types: {
    comment: '我的帖子收到评论',
    reply: '我的评论收到回复',
    mention: '有人@我',
    post_like: '我的帖子被赞',
    comment_like: '我的评论被赞',
    config_copy: '我的配置被保存副本',
    config_apply: '我的配置被应用',
    follow: '新的关注者',
    post_passed: '我的帖子通过审核',
    post_not_passed: '我的帖子未通过审核',
    post_removed: '我的帖子被删除',
    comment_removed: '我的评论被删除',
    report_outcome: '我的举报的处理结果',
    video_processed: '我的视频处理完成或失败',
    new_sign_in: '新设备或新网络的登录',
  },
  settings: {
    hint: '选择哪些通知进入收件箱、哪些推送到手机。两者都关闭的类型不会产生通知。',
    inbox: '收件箱',
    push: '推送',
  },
};
