import type { safety as source } from '@/locales/en/safety.ts';
import type { Strings } from '@/locales/en/index.ts';

export const safety: Strings<typeof source> = {
  report: {
    aboutPost: '投稿を通報しています',
    aboutComment: 'コメントを通報しています',
    aboutUser: 'ユーザーを通報しています',
    reasonLabel: '通報の理由',
    descriptionLabel: '説明',
    descriptionPlaceholder: '内容を説明してください',
    descriptionNeeded: '「その他」を選んだ場合は内容を説明してください',
    send: '送信',
    nothing: '通報できる内容がありません。',
  },
  reports: {
    empty: 'まだ何も通報していません。',
    post: '投稿',
    comment: 'コメント',
    user: 'ユーザー',
    gone: '表示できなくなりました',
    reason: '理由：{{reason}}',
  },
  lists: {
    blockedHint: 'ブロックすると相手の投稿とコメントが表示されなくなります。相手からはあなたの内容が見えたままです。ブラックリストなら、相手はあなたの投稿を見ることも返信することもできません。',
    blacklistHint: '相手はあなたの投稿を見たり返信したりできず、あなたにも相手の内容は表示されません。ブロックはあなたから見えなくするだけです。',
    blockedEmpty: 'ブロックしている人はいません。',
    blacklistEmpty: 'ブラックリストは空です。',
    unblock: 'ブロック解除',
    unblockName: '{{name}} のブロックを解除',
    unblocked: 'ブロックを解除しました',
    remove: '削除',
    removeName: '{{name}} をブラックリストから削除',
    removed: 'ブラックリストから削除しました',
  },
};
