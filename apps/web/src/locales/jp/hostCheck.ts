import type { hostCheck as source } from '@/locales/en/hostCheck.ts';
import type { Strings } from '@/locales/en/index.ts';

export const hostCheck: Strings<typeof source> = {
  title: 'ホストチェック',
  intro: 'このページは、動作中のホスト（{{kind}}）に対して Padhub ブリッジ第 1 版を実行し、合格・不合格の項目を表示します。',
  running: 'チェック中…',
  done_one: '{{count}} 件中 {{passed}} 件のチェックに合格しました。',
  done_other: '{{count}} 件中 {{passed}} 件のチェックに合格しました。',
  steps: {
    cancelLogin: 'ホストがログイン画面を表示します。キャンセルしてください。',
    login: 'ホストが再びログイン画面を表示します。今度はログインしてください。',
    applyConfiguration: 'ホストがコンフィグの適用を確認します。承認または拒否してください。',
    share: 'ホストが共有シートを表示します。共有してもキャンセルしても構いません。',
  },
  pass: '合格',
  fail: '不合格',
  reasons: {
    ok: 'プロトコルどおりです。',
    notListed: 'hello に含まれていないため、ページは呼び出しません。',
    missingMethods: 'hello に必須のメソッドがありません：',
    timeout: '時間内に応答がありません：',
    shape: '応答がスキーマに合いません：',
    error: 'エラーで応答しました：',
    twice: '同じリクエストに 2 回応答しました。',
    wrongAnswer: 'プロトコルが求める応答ではありません：',
    noEvent: 'イベントが届きません：',
    badEvent: 'スキーマに合わないイベント：',
    noHost: 'ホストがありません。ブリッジが見つかりません。',
  },
  copy: 'レポートをコピー（JSON）',
  copied: 'レポートをコピーしました',
};
