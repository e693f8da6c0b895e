/**
 * The page ↔ native host protocol, version 1, without zod: what the page needs at run time on its
 * first screen. The message shapes are in schemas.ts; docs/bridge.md is the protocol in words.
 */

export const BRIDGE_VERSION = 1;

/** Every method of version 1, page → host. */
export const methodNames = [
  'hello',
  'getUserInfo',
  'getOrganization',
  'getStatusBarHeight',
  'getLanguage',
  'getCommunityLanguage',
  'login',
  'openExternal',
  'playVideo',
  'applyConfiguration',
  'getActiveConfiguration',
  'getConnectedController',
  'share',
  'setBadge',
] as const;
export type MethodName = (typeof methodNames)[number];

/** Every event of version 1, host → page. */
export const eventNames = ['userChanged', 'languageChanged', 'communityLanguageChanged', 'themeChanged', 'openLink', 'appPaused', 'appResumed', 'controllerChanged'] as const;
export type EventName = (typeof eventNames)[number];

/** What a host may answer as error.code. */
export const hostErrorCodes = ['unsupported', 'cancelled', 'failed'] as const;
/** The page adds two of its own: the host did not answer in time, or there is no host. */
export type BridgeErrorCode = (typeof hostErrorCodes)[number] | 'timeout' | 'no_host';

/** Per-call timeouts: a host that does not answer must not hold the page up. */
export const DEFAULT_TIMEOUT_MS = 1500;
export const timeouts: Partial<Record<MethodName, number>> = {
  // These wait for a person, not for the host.
  login: 5 * 60_000,
  applyConfiguration: 5 * 60_000,
  share: 5 * 60_000,
};

/**
 * The explicit sign of a native WebView: the host appends `PadhubHost/<its version>` to the
 * WebView's user agent. With it, the page never starts the simulated host, even when the bridge
 * object is not there yet (docs/bridge.md, "Transport").
 */
export const HOST_USER_AGENT_TOKEN = 'PadhubHost/';


/** The themes a host may ask for: its own light or dark, or the system's. */
export const hostThemes = ['light', 'dark', 'system'] as const;
export type HostTheme = (typeof hostThemes)[number];
