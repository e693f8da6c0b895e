import { DEREGISTERED_STATE, type Lang, type NotificationType, errorMessagesByLang, videoFailureSchema } from '@padhub/contracts';

/** What the phone shows for one push: a title and a body, in one language. */
export interface PushText {
  title: string;
  body: string;
}

/** Who acted, how many others are in the group, and the words of the target or of the decision. */
export interface PushFacts {
  type: NotificationType;
  actor: { username: string; nickname: string; state: number } | null;
  /** Others in the group besides `actor` (grouped types only): "Alex and 12 others". */
  others: number;
  excerpt: string;
  reason: string | null;
}

type Sentences = Record<NotificationType, string> & {
  grouped: Partial<Record<NotificationType, { one: string; other: string }>>;
  notPassedBecause: string;
  removedBecause: string;
  reportNoAction: string;
  videoFailed: string;
  deregistered: string;
};

// The web app's `notifications` strings (apps/web/src/locales/<lang>/notifications.ts) are the
// wording; pushes are composed on the server because the native app has no copy of them.
const sentences: Record<Lang, Sentences> = {
  en: {
    comment: '{name} commented on your post',
    reply: '{name} replied to your comment',
    mention: '{name} mentioned you',
    post_like: '{name} liked your post',
    comment_like: '{name} liked your comment',
    config_copy: '{name} saved a copy of your configuration',
    config_apply: '{name} applied your configuration',
    follow: '{name} followed you',
    post_passed: 'Your post passed review',
    post_not_passed: 'Your post did not pass review',
    post_removed: 'Your post was removed',
    comment_removed: 'Your comment was removed',
    report_outcome: 'We took action on something you reported',
    video_processed: 'Your video is ready to play',
    videoFailed: 'Your video could not be prepared',
    new_sign_in: 'New sign-in to your account',
    reportNoAction: 'We reviewed something you reported and took no action',
    notPassedBecause: 'Reason: {reason}',
    removedBecause: 'Reason: {reason}',
    deregistered: 'Deregistered user',
    grouped: {
      post_like: { one: '{name} and {count} other liked your post', other: '{name} and {count} others liked your post' },
      comment_like: { one: '{name} and {count} other liked your comment', other: '{name} and {count} others liked your comment' },
      config_copy: { one: '{name} and {count} other saved a copy of your configuration', other: '{name} and {count} others saved a copy of your configuration' },
      config_apply: { one: '{name} and {count} other applied your configuration', other: '{name} and {count} others applied your configuration' },
      follow: { one: '{name} and {count} other followed you', other: '{name} and {count} others followed you' },
    },
  },
  cn: {
    comment: '{name} 评论了你的帖子',
    reply: '{name} 回复了你的评论',
    mention: '{name} @了你',
    post_like: '{name} 赞了你的帖子',
    comment_like: '{name} 赞了你的评论',
    config_copy: '{name} 保存了你的配置的副本',
    config_apply: '{name} 应用了你的配置',
    follow: '{name} 关注了你',
    post_passed: '你的帖子已通过审核',
    post_not_passed: '你的帖子未通过审核',
    post_removed: '你的帖子已被删除',
    comment_removed: '你的评论已被删除',
    report_outcome: '你举报的内容已被处理',
    video_processed: '你的视频已可以播放',
    videoFailed: '你的视频处理失败',
    new_sign_in: '你的账号有新的登录',
    reportNoAction: '你举报的内容经审核未作处理',
    notPassedBecause: '原因：{reason}',
    removedBecause: '原因：{reason}',
    deregistered: '已注销用户',
    grouped: {
      post_like: { one: '{name} 和另外 {count} 人赞了你的帖子', other: '{name} 和另外 {count} 人赞了你的帖子' },
      comment_like: { one: '{name} 和另外 {count} 人赞了你的评论', other: '{name} 和另外 {count} 人赞了你的评论' },
      config_copy: { one: '{name} 和另外 {count} 人保存了你的配置的副本', other: '{name} 和另外 {count} 人保存了你的配置的副本' },
      config_apply: { one: '{name} 和另外 {count} 人应用了你的配置', other: '{name} 和另外 {count} 人应用了你的配置' },
      follow: { one: '{name} 和另外 {count} 人关注了你', other: '{name} 和另外 {count} 人关注了你' },
    },
  },
  jp: {
    comment: '{name}さんがあなたの投稿にコメントしました',
    reply: '{name}さんがあなたのコメントに返信しました',
    mention: '{name}さんがあなたをメンションしました',
    post_like: '{name}さんがあなたの投稿にいいねしました',
    comment_like: '{name}さんがあなたのコメントにいいねしました',
    config_copy: '{name}さんがあなたのコンフィグのコピーを保存しました',
    config_apply: '{name}さんがあなたのコンフィグを適用しました',
    follow: '{name}さんがあなたをフォローしました',
    post_passed: 'あなたの投稿が審査を通過しました',
    post_not_passed: 'あなたの投稿は審査を通過しませんでした',
    post_removed: 'あなたの投稿は削除されました',
    comment_removed: 'あなたのコメントは削除されました',
    report_outcome: 'あなたが報告した内容に対応しました',
    video_processed: 'あなたの動画を再生できるようになりました',
    videoFailed: 'あなたの動画を変換できませんでした',
    new_sign_in: 'アカウントに新しいログインがありました',
    reportNoAction: 'あなたが報告した内容を確認し、対応は不要と判断しました',
    notPassedBecause: '理由：{reason}',
    removedBecause: '理由：{reason}',
    deregistered: '退会したユーザー',
    grouped: {
      post_like: { one: '{name}さんほか{count}人があなたの投稿にいいねしました', other: '{name}さんほか{count}人があなたの投稿にいいねしました' },
      comment_like: { one: '{name}さんほか{count}人があなたのコメントにいいねしました', other: '{name}さんほか{count}人があなたのコメントにいいねしました' },
      config_copy: { one: '{name}さんほか{count}人があなたのコンフィグのコピーを保存しました', other: '{name}さんほか{count}人があなたのコンフィグのコピーを保存しました' },
      config_apply: { one: '{name}さんほか{count}人があなたのコンフィグを適用しました', other: '{name}さんほか{count}人があなたのコンフィグを適用しました' },
      follow: { one: '{name}さんほか{count}人があなたをフォローしました', other: '{name}さんほか{count}人があなたをフォローしました' },
    },
  },
  ko: {
    comment: '{name}님이 내 게시물에 댓글을 남겼습니다',
    reply: '{name}님이 내 댓글에 답글을 남겼습니다',
    mention: '{name}님이 나를 멘션했습니다',
    post_like: '{name}님이 내 게시물을 좋아합니다',
    comment_like: '{name}님이 내 댓글을 좋아합니다',
    config_copy: '{name}님이 내 구성의 사본을 저장했습니다',
    config_apply: '{name}님이 내 구성을 적용했습니다',
    follow: '{name}님이 나를 팔로우했습니다',
    post_passed: '내 게시물이 검토를 통과했습니다',
    post_not_passed: '내 게시물이 검토를 통과하지 못했습니다',
    post_removed: '내 게시물이 삭제되었습니다',
    comment_removed: '내 댓글이 삭제되었습니다',
    report_outcome: '신고하신 내용에 조치를 취했습니다',
    video_processed: '내 동영상을 재생할 수 있습니다',
    videoFailed: '내 동영상을 변환하지 못했습니다',
    new_sign_in: '계정에 새 로그인이 있습니다',
    reportNoAction: '신고하신 내용을 검토했으며 조치하지 않았습니다',
    notPassedBecause: '사유: {reason}',
    removedBecause: '사유: {reason}',
    deregistered: '탈퇴한 사용자',
    grouped: {
      post_like: { one: '{name}님 외 {count}명이 내 게시물을 좋아합니다', other: '{name}님 외 {count}명이 내 게시물을 좋아합니다' },
      comment_like: { one: '{name}님 외 {count}명이 내 댓글을 좋아합니다', other: '{name}님 외 {count}명이 내 댓글을 좋아합니다' },
      config_copy: { one: '{name}님 외 {count}명이 내 구성의 사본을 저장했습니다', other: '{name}님 외 {count}명이 내 구성의 사본을 저장했습니다' },
      config_apply: { one: '{name}님 외 {count}명이 내 구성을 적용했습니다', other: '{name}님 외 {count}명이 내 구성을 적용했습니다' },
      follow: { one: '{name}님 외 {count}명이 나를 팔로우했습니다', other: '{name}님 외 {count}명이 나를 팔로우했습니다' },
    },
  },
};

const pluralTags: Record<Lang, string> = { en: 'en', cn: 'zh-CN', jp: 'ja', ko: 'ko' };
const fill = (template: string, values: Record<string, string | number>) => template.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key] ?? ''));

function textIn(lang: Lang, facts: PushFacts): PushText {
  const s = sentences[lang];
  const name = !facts.actor ? '' : facts.actor.state === DEREGISTERED_STATE ? s.deregistered : facts.actor.nickname || facts.actor.username;
  const grouped = s.grouped[facts.type];
  let title: string;
  if (grouped && facts.others > 0) {
    const form = new Intl.PluralRules(pluralTags[lang]).select(facts.others) === 'one' ? grouped.one : grouped.other;
    title = fill(form, { name, count: facts.others });
  } else if (facts.type === 'report_outcome' && facts.reason === 'no_action') {
    title = s.reportNoAction;
  } else if (facts.type === 'video_processed' && facts.reason !== 'ready') {
    title = s.videoFailed;
  } else {
    title = fill(s[facts.type], { name });
  }
  const because = facts.type === 'post_not_passed' ? s.notPassedBecause : facts.type.endsWith('_removed') ? s.removedBecause : null;
  const failure = facts.type === 'video_processed' ? videoFailureSchema.safeParse(facts.reason) : null;
  // A failed video's push says why, in the words the app uses for that failure.
  const body = failure?.success ? errorMessagesByLang[lang][failure.data] : because && facts.reason ? fill(because, { reason: facts.reason }) : facts.excerpt;
  return { title, body };
}

/** The push's words in every language of the app; the native app shows the one of its interface. */
export function pushTexts(facts: PushFacts): Record<Lang, PushText> {
  return { cn: textIn('cn', facts), en: textIn('en', facts), jp: textIn('jp', facts), ko: textIn('ko', facts) };
}
