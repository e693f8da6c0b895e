import type { security as source } from '@/locales/en/security.ts';
import type { Strings } from '@/locales/en/index.ts';

export const security: Strings<typeof source> = {
  sessions: {
    hint: 'アカウントがログインしている場所です。心当たりのないログインはログアウトしてください。パスワードを変更すると、この端末以外はすべてログアウトします。',
    current: 'この端末',
    unknownDevice: '不明な端末',
    loggedIn: 'ログイン',
    lastUsed: '最終利用',
    seenAs: 'サーバーの判定',
    network: 'ネットワーク',
    firstSeen: '初回',
    end: 'ログアウト',
    endName: '{{device}} をログアウト',
    ended: 'ログアウトしました',
    endOthers: 'ほかのすべての端末からログアウト',
    endedOthers_one: 'ほかの {{count}} 件のログインをログアウトしました',
    endedOthers_other: 'ほかの {{count}} 件のログインをログアウトしました',
    onlyThis: 'ログインしているのはこの端末だけです。',
  },
  password: {
    current: '現在のパスワード',
    new: '新しいパスワード',
    repeat: '新しいパスワード（確認）',
    rules: '8〜128 文字。',
    tooShort: '新しいパスワードは 8 文字以上にしてください。',
    same: '新しいパスワードは現在のパスワードと別のものにしてください。',
    mismatch: '新しいパスワードが一致しません。',
    save: 'パスワードを変更',
    changed: 'パスワードを変更しました',
    changedEnded_one: 'パスワードを変更しました。ほかの {{count}} 件のログインをログアウトしました。',
    changedEnded_other: 'パスワードを変更しました。ほかの {{count}} 件のログインをログアウトしました。',
  },
};
