import type { NotificationTexts } from './en.ts';

export const cn: NotificationTexts = {
  text: {
    comment: '{{name}} 评论了你的帖子',
    reply: '{{name}} 回复了你的评论',
    mention: '{{name}} @了你',
    post_like: '{{name}} 赞了你的帖子',
    comment_like: '{{name}} 赞了你的评论',
    config_copy: '{{name}} 保存了你的配置的副本',
    config_apply: '{{name}} 应用了你的配置',
    follow: '{{name}} 关注了你',
    post_passed: '你的帖子已通过审核',
    post_not_passed: '你的帖子未通过审核',
    post_not_passedBecause: '你的帖子未通过审核：{{reason}}',
    post_removed: '你的帖子已被删除',
    post_removedBecause: '你的帖子已被删除：{{reason}}',
    comment_removed: '你的评论已被删除',
    comment_removedBecause: '你的评论已被删除：{{reason}}',
    reportActionTaken: '你举报的内容已被处理',
    reportNoAction: '你举报的内容经审核未作处理',
  },
  grouped: {
    post_like_one: '{{name}} 和另外 {{count}} 人赞了你的帖子',
    post_like_other: '{{name}} 和另外 {{count}} 人赞了你的帖子',
    comment_like_one: '{{name}} 和另外 {{count}} 人赞了你的评论',
    comment_like_other: '{{name}} 和另外 {{count}} 人赞了你的评论',
    config_copy_one: '{{name}} 和另外 {{count}} 人保存了你的配置的副本',
    config_copy_other: '{{name}} 和另外 {{count}} 人保存了你的配置的副本',
    config_apply_one: '{{name}} 和另外 {{count}} 人应用了你的配置',
    config_apply_other: '{{name}} 和另外 {{count}} 人应用了你的配置',
    follow_one: '{{name}} 和另外 {{count}} 人关注了你',
    follow_other: '{{name}} 和另外 {{count}} 人关注了你',
  },
  push: {
    reason: '原因：{{reason}}',
    deregistered: '已注销用户',
  },
};
