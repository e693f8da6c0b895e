/**
 * The error catalogue: every failure the API answers has one of these codes, with the honest HTTP
 * status beside it. Codes are stable: native hosts and other clients switch on them.
 * `network`, `timeout` and `offline` never come from the server; the web app uses them for calls
 * that got no answer (`offline`: the device said it had no network), so every failure a person
 * sees has a code and a translated message.
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
  reply_not_allowed: { code: 40303, status: 403 },
  // Changing the password: the current one given is not right (not 401: the session itself is fine).
  password_wrong: { code: 40305, status: 403 },
  /** `data`: `authorHiddenDataSchema` (whom the viewer blocked or blacklisted). */
  author_hidden_by_you: { code: 40304, status: 403 },
  not_found: { code: 40400, status: 404 },
  organisation_unknown: { code: 40401, status: 404 },
  username_taken: { code: 40900, status: 409 },
  conflict: { code: 40901, status: 409 },
  // The request's body did not arrive in time (a slow or stalled sender).
  request_timeout: { code: 40800, status: 408 },
  payload_too_large: { code: 41300, status: 413 },
  // An address part (an id in the path) longer than any real one.
  uri_too_long: { code: 41400, status: 414 },
  // The request's headers together are larger than the server reads.
  headers_too_large: { code: 43100, status: 431 },
  unprocessable: { code: 42200, status: 422 },
  media_not_yours: { code: 40310, status: 403 },
  media_too_large: { code: 41310, status: 413 },
  media_missing: { code: 42210, status: 422 },
  media_type_mismatch: { code: 42211, status: 422 },
  // The file was removed (its post deleted, or never used in time) and is being deleted from storage.
  media_removed: { code: 42212, status: 422 },
  // A "video" whose container holds no video track or no duration (a video's first bytes on something else).
  media_video_unplayable: { code: 42213, status: 422 },
  // A video's processing failed (a media item's `failureCode`, docs/video.md): never an HTTP answer, but
  // a failure a person reads, so it has a code and four messages like any other.
  video_unreadable: { code: 42214, status: 422 },
  video_processing_failed: { code: 50020, status: 500 },
  video_timed_out: { code: 50021, status: 500 },
  // "Try again" on a video that is not failed (processing, or ready).
  video_not_failed: { code: 40950, status: 409 },
  /** `data`: `idempotencyKeyReusedDataSchema` (the post the key made). */
  idempotency_key_reused: { code: 42220, status: 422 },
  // An avatar's crop square reaches past the picture's edges.
  avatar_crop_outside: { code: 42250, status: 422 },
  // A watched word of the organisation refuses the text; the message names no word.
  text_refused: { code: 42240, status: 422 },
  // A watched word already kept (the same once widths, case and kana are folded).
  watched_word_exists: { code: 40941, status: 409 },
  // The organisation keeps as many watched words as it may (watchedWordsMax).
  watched_words_full: { code: 42241, status: 422 },
  // A picture (or video poster) looks like one moderators removed; the message names nothing.
  picture_refused: { code: 42242, status: 422 },
  // A person keeps as many personal filters as they may (filtersMax).
  filters_full: { code: 42243, status: 422 },
  // A new account's post or comment holds more links, or a post more pictures, than the organisation
  // lets new accounts use (docs/moderation.md, "New accounts"): `data.limit` is the most (`{{limit}}`).
  too_many_links: { code: 42244, status: 422 },
  too_many_pictures: { code: 42245, status: 422 },
  config_not_yours: { code: 40330, status: 403 },
  config_already_yours: { code: 40930, status: 409 },
  config_model_unknown: { code: 42230, status: 422 },
  config_too_many_of_model: { code: 42231, status: 422 },
  // Renaming a game to another game's name: the two are one game, so the admin merges them instead.
  game_exists: { code: 40932, status: 409 },
  category_not_empty: { code: 40940, status: 409 },
  rate_limited: { code: 42900, status: 429 },
  // The login limits (README.md, "Login limits"): the message says in how many minutes to try again
  // (`{{minutes}}`, from `data.retryAfter` in seconds, also in Retry-After).
  login_limited: { code: 42902, status: 429 },
  // Answered by the object store (the embedded endpoint's S3 error QuotaExceeded), not by the API:
  // the web app's uploader gives it this key so the person reads why, in their language.
  upload_quota_exceeded: { code: 42901, status: 429 },
  // One archive of one's data a week (docs/privacy.md): `data.nextAt` says when the next may be asked for (`{{date}}`).
  export_too_soon: { code: 42903, status: 429 },
  // A new account's posts, comments or mentions this hour are used up (docs/moderation.md, "New
  // accounts"): `data.limit` is the hour's allowance (`{{limit}}`), `data.retryAfter` when to try again.
  new_account_limited: { code: 42904, status: 429 },
  internal: { code: 50000, status: 500 },
  unavailable: { code: 50300, status: 503 },
  // Too many searches at once, or one ran too long: the rest of the app keeps answering.
  search_busy: { code: 50310, status: 503 },
  network: { code: -1, status: 0 },
  timeout: { code: -2, status: 0 },
  offline: { code: -3, status: 0 },
} as const;

export type ErrorKey = keyof typeof errorCatalogue;
export const errorKeys = Object.keys(errorCatalogue) as ErrorKey[];

const byCode = new Map<number, ErrorKey>(errorKeys.map((key) => [errorCatalogue[key].code, key]));

export function errorKeyOf(code: number): ErrorKey | undefined {
  return byCode.get(code);
}
