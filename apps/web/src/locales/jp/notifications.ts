import type { notifications as source } from '@/locales/en/notifications.ts';
import type { Strings } from '@/locales/en/index.ts';
import { jp as notificationTexts } from '@padhub/contracts/notification-texts/jp.ts';

export const notifications: Strings<typeof source> = {
  tabsLabel: '表示',
  tabs: { all: 'すべて', conversations: 'メンションと返信' },
  markAllRead: 'すべて既読にする',
  unread: '未読：',
  empty: 'お知らせはまだありません。',
  emptyConversations: 'メンションや返信はまだありません。',
  gone: 'このコンテンツは削除されたか、表示できなくなりました。',
  text: notificationTexts.text,
  grouped: notificationTexts.grouped,
  types: {
    comment: '自分の投稿へのコメント',
    reply: '自分のコメントへの返信',
    mention: '自分へのメンション',
    post_like: '自分の投稿へのいいね',
    comment_like: '自分のコメントへのいいね',
    config_copy: '自分のコンフィグのコピー',
    config_apply: '自分のコンフィグの適用',
    follow: '新しいフォロワー',
    post_passed: '投稿が審査を通過',
    post_not_passed: '投稿が審査を不通過',
    post_removed: '投稿の削除',
    comment_removed: 'コメントの削除',
    report_outcome: '報告の結果',
    video_processed: '動画の変換の完了・失敗',
    new_sign_in: '新しい端末やネットワークからのログイン',
  },
  settings: {
    hint: '受信箱に届くものとスマートフォンにプッシュするものを選べます。両方をオフにした種類は作成されません。',
    inbox: '受信箱',
    push: 'プッシュ',
  },
};
