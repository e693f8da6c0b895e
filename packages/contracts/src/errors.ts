import type { Lang } from './languages.ts';

/**
 * The error catalogue: every failure the API answers has one of these codes, with the honest HTTP
 * status beside it. Codes are stable: native hosts and other clients switch on them.
 * `network` and `timeout` never come from the server; the web app uses them for calls that got
 * no answer, so every failure a person sees has a code and a translated message.
 */
export const errorCatalogue = {
  validation_failed: { code: 40000, status: 400 },
  organisation_required: { code: 40001, status: 400 },
  idempotency_key_invalid: { code: 40002, status: 400 },
  login_required: { code: 40100, status: 401 },
  token_invalid: { code: 40101, status: 401 },
  credentials_wrong: { code: 40102, status: 401 },
  account_deregistered: { code: 40300, status: 403 },
  forbidden: { code: 40301, status: 403 },
  account_banned: { code: 40302, status: 403 },
  not_found: { code: 40400, status: 404 },
  organisation_unknown: { code: 40401, status: 404 },
  username_taken: { code: 40900, status: 409 },
  conflict: { code: 40901, status: 409 },
  payload_too_large: { code: 41300, status: 413 },
  unprocessable: { code: 42200, status: 422 },
  rate_limited: { code: 42900, status: 429 },
  internal: { code: 50000, status: 500 },
  unavailable: { code: 50300, status: 503 },
  network: { code: -1, status: 0 },
  timeout: { code: -2, status: 0 },
} as const;

export type ErrorKey = keyof typeof errorCatalogue;
export const errorKeys = Object.keys(errorCatalogue) as ErrorKey[];

const byCode = new Map<number, ErrorKey>(errorKeys.map((key) => [errorCatalogue[key].code, key]));

export function errorKeyOf(code: number): ErrorKey | undefined {
  return byCode.get(code);
}

/** What a person reads for each error, in the four languages. Says what to do next. */
export const errorMessages: Record<ErrorKey, Record<Lang, string>> = {
  validation_failed: {
    cn: '提交的内容有误，请检查后再试',
    en: 'Some of what you entered is not valid. Please check it and try again.',
    jp: '入力内容に誤りがあります。確認してもう一度お試しください。',
    ko: '입력한 내용이 올바르지 않습니다. 확인 후 다시 시도해 주세요.',
  },
  organisation_required: {
    cn: '缺少组织信息，请重新打开应用',
    en: 'No organisation was given. Please reopen the app.',
    jp: '組織が指定されていません。アプリを開き直してください。',
    ko: '조직 정보가 없습니다. 앱을 다시 열어 주세요.',
  },
  idempotency_key_invalid: {
    cn: '请求标识无效，请刷新后重试',
    en: 'The request key is not valid. Please reload and try again.',
    jp: 'リクエストキーが無効です。再読み込みしてもう一度お試しください。',
    ko: '요청 키가 올바르지 않습니다. 새로고침 후 다시 시도해 주세요.',
  },
  login_required: {
    cn: '请先登录',
    en: 'Please log in first.',
    jp: '先にログインしてください。',
    ko: '먼저 로그인해 주세요.',
  },
  token_invalid: {
    cn: '登录已失效，请重新登录',
    en: 'Your session has ended. Please log in again.',
    jp: 'ログインの有効期限が切れました。もう一度ログインしてください。',
    ko: '로그인이 만료되었습니다. 다시 로그인해 주세요.',
  },
  credentials_wrong: {
    cn: '用户名或密码错误',
    en: 'The username or password is wrong.',
    jp: 'ユーザー名またはパスワードが正しくありません。',
    ko: '사용자 이름 또는 비밀번호가 올바르지 않습니다.',
  },
  account_deregistered: {
    cn: '该账号已注销，无法登录',
    en: 'This account has been deregistered and cannot log in.',
    jp: 'このアカウントは退会済みのため、ログインできません。',
    ko: '탈퇴한 계정이라 로그인할 수 없습니다.',
  },
  forbidden: {
    cn: '你无法进行此操作',
    en: 'You cannot do this here.',
    jp: 'この操作はできません。',
    ko: '이 작업을 할 수 없습니다.',
  },
  account_banned: {
    cn: '你的账号已被限制使用',
    en: 'Your account is suspended.',
    jp: 'アカウントは利用停止中です。',
    ko: '계정 이용이 정지되었습니다.',
  },
  not_found: {
    cn: '内容不存在或已被删除',
    en: 'This does not exist or has been deleted.',
    jp: '存在しないか、削除されました。',
    ko: '존재하지 않거나 삭제되었습니다.',
  },
  organisation_unknown: {
    cn: '找不到该组织，请重新打开应用',
    en: 'This organisation does not exist. Please reopen the app.',
    jp: 'この組織は存在しません。アプリを開き直してください。',
    ko: '존재하지 않는 조직입니다. 앱을 다시 열어 주세요.',
  },
  username_taken: {
    cn: '该用户名已被使用，请换一个',
    en: 'This username is taken. Please choose another.',
    jp: 'このユーザー名は使用されています。別の名前を選んでください。',
    ko: '이미 사용 중인 사용자 이름입니다. 다른 이름을 선택해 주세요.',
  },
  conflict: {
    cn: '内容已被修改，请刷新后重试',
    en: 'This changed in the meantime. Please reload and try again.',
    jp: '内容が変更されました。再読み込みしてもう一度お試しください。',
    ko: '그 사이에 내용이 바뀌었습니다. 새로고침 후 다시 시도해 주세요.',
  },
  payload_too_large: {
    cn: '内容太大，请缩小后再试',
    en: 'This is too large. Please make it smaller and try again.',
    jp: 'サイズが大きすぎます。小さくしてもう一度お試しください。',
    ko: '너무 큽니다. 크기를 줄여 다시 시도해 주세요.',
  },
  unprocessable: {
    cn: '无法处理该内容，请检查后再试',
    en: 'This cannot be processed. Please check it and try again.',
    jp: 'この内容は処理できません。確認してもう一度お試しください。',
    ko: '처리할 수 없는 내용입니다. 확인 후 다시 시도해 주세요.',
  },
  rate_limited: {
    cn: '操作太频繁，请稍后再试',
    en: 'Too many attempts. Please wait a moment and try again.',
    jp: '操作が多すぎます。しばらくしてからもう一度お試しください。',
    ko: '시도가 너무 많습니다. 잠시 후 다시 시도해 주세요.',
  },
  internal: {
    cn: '服务器出错了，请稍后再试',
    en: 'Something went wrong on our side. Please try again later.',
    jp: 'サーバーでエラーが発生しました。しばらくしてからもう一度お試しください。',
    ko: '서버에 문제가 생겼습니다. 잠시 후 다시 시도해 주세요.',
  },
  unavailable: {
    cn: '服务暂时不可用，请稍后再试',
    en: 'The service is briefly unavailable. Please try again shortly.',
    jp: 'サービスが一時的に利用できません。しばらくしてからお試しください。',
    ko: '서비스를 잠시 사용할 수 없습니다. 잠시 후 다시 시도해 주세요.',
  },
  network: {
    cn: '网络异常，请检查网络后重试',
    en: 'Network error. Please check your connection and try again.',
    jp: 'ネットワークエラーです。接続を確認してもう一度お試しください。',
    ko: '네트워크 오류입니다. 연결을 확인한 후 다시 시도해 주세요.',
  },
  timeout: {
    cn: '请求超时，请重试',
    en: 'The request timed out. Please try again.',
    jp: 'リクエストがタイムアウトしました。もう一度お試しください。',
    ko: '요청 시간이 초과되었습니다. 다시 시도해 주세요.',
  },
};
