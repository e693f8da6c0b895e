/** Business constants of the product spec (section 9), shared by server and web app. */
export const limits = {
  apiTimeoutMs: 5000,
  storageTimeoutMs: 3_600_000,
  defaultStatusBarHeight: 30,
  headerHeight: 48,
  tallHeaderHeight: 64,
  imagesPerPost: 18,
  videosPerPost: 1,
  videoMaxBytes: 1024 ** 3,
  imageMaxBytes: 15 * 1024 ** 2,
  configsPerModelPerPost: 5,
  uploadSuffixLength: 4,
  /** Days without use after which a token expires (docs/bridge.md, "Token handling"). */
  tokenIdleDays: 30,
  pageSizeDefault: 20,
  pageSizeMax: 50,
} as const;

/**
 * Here, not beside the comment schema (schemas/community.ts): the comment box reads it, and a value
 * from a schema file brings zod (26 KB gzip) into the post page's first screen.
 */
export const commentContentMax = 2000;

export const imagePreview = {
  minZoom: 1 / 3,
  maxZoom: 3,
  swipeDurationMs: 300,
  longPressMs: 500,
  doubleTapWindowMs: 250,
} as const;

/** Extensions that count as video; they are left out of the image preview. */
export const videoExtensions = ['mov', 'mp4', 'avi', 'rmvb', 'quicktime'] as const;

/** Account state of a deregistered user (docs/bridge.md, "Methods (page → host)": `state: 10101`). */
export const DEREGISTERED_STATE = 10101;
export const ACTIVE_STATE = 0;

export const DEFAULT_ORG_ID = 'padhub';

/** Header names as the spec sends them. */
export const headers = {
  token: 'token',
  organisation: 'accorgid',
  language: 'accept-language',
  idempotencyKey: 'idempotency-key',
  /** The newest live event id the page received: a shared first page older than it is read anew (docs/live.md). */
  seenEvent: 'seen-event-id',
} as const;

/** The first screen inside the landing pages' HTML (schemas/first-screen.ts); here, not there, as the page reads it without zod. */
export const firstScreen = {
  /** `<script type="application/json" id="…">` holding the data. */
  islandId: 'padhub-data',
  /** Cookies the page sets for the next cold start: the organisation and the first paint's language. */
  orgCookie: 'padhub-org',
  langCookie: 'padhub-lang',
  /**
   * What the page's next first render will depend on besides the island (first-render.ts): the
   * interface language, the status bar's height, the device's feed and theme choices. The server
   * renders the first screen's markup only when it knows them (the markup must be what the page
   * renders over it, in the same language, at the same height, with the same feed).
   */
  frameCookie: 'padhub-frame',
  /**
   * Where the page keeps the host's token between starts (docs/product-spec.md, "States and
   * transitions"). The server never reads who it is (the token authenticates in its header only):
   * its presence alone says the first screen is someone's own, so the HTML carries no posts.
   */
  sessionCookie: 'token',
} as const;
