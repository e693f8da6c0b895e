import type { Strings } from '@/locales/en/index.ts';
import type { posting as source } from '@/locales/en/posting.ts';

export const posting: Strings<typeof source> = {
  textLabel: '投稿の本文',
  placeholder: 'コントローラーの設定やマクロ、質問をシェアしよう',
  send: '投稿',
  sending: '送信中',
  media: '画像と動画',
  addMedia: '画像または動画を追加',
  mediaCount: '画像 {{images}}/{{maxImages}}・動画 {{videos}}/{{maxVideos}}',
  image: '画像{{index}}',
  video: '動画',
  open: '{{name}}を開く',
  remove: '{{name}}を削除',
  moveEarlier: '{{name}}を前へ',
  moveLater: '{{name}}を後ろへ',
  uploading: '{{name}}をアップロード中',
  model: 'コントローラーのモデル',
  noModel: '特定のモデルなし',
  configs: '設定',
  configsAttached: '{{count}} 件追加済み',
  discard: '下書きを破棄',
  confirmDiscard: 'この下書きを破棄しますか？本文と選んだファイルは削除されます。',
  preparing: 'ファイルを準備中',
  alreadySent: '投稿はすでに送信済みのため、もう一度は送信しませんでした',
  sendInDoubt: 'サーバーに届いていた場合、もう一度送信しても二重に投稿されることはありません',
  draftKept: '下書きは送信するまでこの端末に保存されます。',
};
