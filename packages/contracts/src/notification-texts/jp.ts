import type { NotificationTexts } from './en.ts';

export const jp: NotificationTexts = {
  text: {
    comment: '{{name}}さんがあなたの投稿にコメントしました',
    reply: '{{name}}さんがあなたのコメントに返信しました',
    mention: '{{name}}さんがあなたをメンションしました',
    post_like: '{{name}}さんがあなたの投稿にいいねしました',
    comment_like: '{{name}}さんがあなたのコメントにいいねしました',
    config_copy: '{{name}}さんがあなたのコンフィグのコピーを保存しました',
    config_apply: '{{name}}さんがあなたのコンフィグを適用しました',
    follow: '{{name}}さんがあなたをフォローしました',
    post_passed: 'あなたの投稿が審査を通過しました',
    post_not_passed: 'あなたの投稿は審査を通過しませんでした',
    post_not_passedBecause: 'あなたの投稿は審査を通過しませんでした：{{reason}}',
    post_removed: 'あなたの投稿は削除されました',
    post_removedBecause: 'あなたの投稿は削除されました：{{reason}}',
    comment_removed: 'あなたのコメントは削除されました',
    comment_removedBecause: 'あなたのコメントは削除されました：{{reason}}',
    reportActionTaken: 'あなたが報告した内容に対応しました',
    reportNoAction: 'あなたが報告した内容を確認し、対応は不要と判断しました',
  },
  grouped: {
    post_like_one: '{{name}}さんほか{{count}}人があなたの投稿にいいねしました',
    post_like_other: '{{name}}さんほか{{count}}人があなたの投稿にいいねしました',
    comment_like_one: '{{name}}さんほか{{count}}人があなたのコメントにいいねしました',
    comment_like_other: '{{name}}さんほか{{count}}人があなたのコメントにいいねしました',
    config_copy_one: '{{name}}さんほか{{count}}人があなたのコンフィグのコピーを保存しました',
    config_copy_other: '{{name}}さんほか{{count}}人があなたのコンフィグのコピーを保存しました',
    config_apply_one: '{{name}}さんほか{{count}}人があなたのコンフィグを適用しました',
    config_apply_other: '{{name}}さんほか{{count}}人があなたのコンフィグを適用しました',
    follow_one: '{{name}}さんほか{{count}}人があなたをフォローしました',
    follow_other: '{{name}}さんほか{{count}}人があなたをフォローしました',
  },
  push: {
    reason: '理由：{{reason}}',
    deregistered: '退会したユーザー',
  },
};
