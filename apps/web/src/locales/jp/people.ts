import type { people as source } from '@/locales/en/people.ts';
import type { Strings } from '@/locales/en/index.ts';

export const people: Strings<typeof source> = {
  pages: {
    profile: 'プロフィール',
    followers: 'フォロワー',
    following: 'フォロー中',
    followersOf: '{{name}} さんのフォロワー',
    followingOf: '{{name}} さんがフォロー中',
  },
  mentionSuggestions: 'メンションできる人',
  profile: {
    joined: '{{date}} に参加',
    posts_one: '投稿 {{count}}',
    posts_other: '投稿 {{count}}',
    followers_one: 'フォロワー {{count}}',
    followers_other: 'フォロワー {{count}}',
    following_one: 'フォロー {{count}}',
    following_other: 'フォロー {{count}}',
    likes_one: 'いいね {{count}}',
    likes_other: 'いいね {{count}}',
    counts: '集計',
    tabs: '共有したもの',
    posts: '投稿',
    configs: 'コンフィグ',
    postsEmpty: 'まだ投稿がありません。',
    configsEmpty: '共有されたコンフィグはまだありません。',
    gone: 'このアカウントは存在しません。',
    blocked: '{{name}} さんをブロックしています。投稿とコメントは表示されません。',
    unblock: 'ブロックを解除',
    unblocked: 'ブロックを解除しました',
    notFound: 'このユーザーは見つかりませんでした。',
  },
  follow: {
    follow: 'フォロー',
    following: 'フォロー中',
    followName: '{{name}} さんをフォロー',
    unfollowName: '{{name}} さんのフォローをやめる',
  },
  menu: {
    report: 'このユーザーを通報',
    block: 'ブロック',
    blacklist: 'ブラックリストに追加',
  },
  bio: {
    label: '自己紹介',
    empty: '自己紹介はまだありません。',
    edit: '自己紹介を編集',
    placeholder: 'あなたとコントローラーについてひとこと',
    counter: '{{count}}/{{max}} 文字',
    tooLong: '自己紹介は {{max}} 文字までです。',
    saved: '自己紹介を保存しました',
  },
  lists: {
    followersEmpty: 'フォロワーはまだいません。',
    followingEmpty: 'まだ誰もフォローしていません。',
  },
};
