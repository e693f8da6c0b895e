import type { people as source } from '@/locales/en/people.ts';
import type { Strings } from '@/locales/en/index.ts';

export const people: Strings<typeof source> = {
  pages: {
    profile: '个人主页',
    followers: '粉丝',
    following: '关注',
    followersOf: '{{name}} 的粉丝',
    followingOf: '{{name}} 关注的人',
  },
  mentionSuggestions: '可以提及的人',
  profile: {
    joined: '{{date}} 加入',
    posts_one: '{{count}} 帖子',
    posts_other: '{{count}} 帖子',
    followers_one: '{{count}} 粉丝',
    followers_other: '{{count}} 粉丝',
    following_one: '{{count}} 关注',
    following_other: '{{count}} 关注',
    likes_one: '获赞 {{count}}',
    likes_other: '获赞 {{count}}',
    counts: '统计',
    tabs: 'TA 分享的内容',
    posts: '帖子',
    configs: '配置',
    postsEmpty: '还没有帖子。',
    configsEmpty: '还没有分享的配置。',
    gone: '该账号已不存在。',
    blocked: '你已屏蔽 {{name}}：TA 的帖子和评论不会显示给你。',
    unblock: '取消屏蔽',
    unblocked: '已取消屏蔽',
    notFound: '找不到此用户。',
  },
  follow: {
    follow: '关注',
    following: '已关注',
    followName: '关注 {{name}}',
    unfollowName: '取消关注 {{name}}',
  },
  menu: {
    report: '举报此用户',
    block: '屏蔽',
    blacklist: '加入黑名单',
  },
  bio: {
    label: '简介',
    empty: '还没有简介。',
    edit: '编辑简介',
    placeholder: '介绍一下你和你的手柄',
    counter: '{{count}}/{{max}} 字',
    tooLong: '简介最多 {{max}} 个字。',
    saved: '简介已保存',
  },
  lists: {
    followersEmpty: '还没有粉丝。',
    followingEmpty: '还没有关注任何人。',
  },
};
