/**
 * What a session's device says about itself, for the person's list of sessions: the name the host
 * gave at login (docs/bridge.md, "Authentication"), or else the platform and client its User-Agent
 * names. Proper names only, so the label needs no translation; null when nothing is recognised.
 */

const platforms: [RegExp, string][] = [
  [/iPad/, 'iPad'],
  [/iPhone|iOS/, 'iPhone'],
  [/HarmonyOS|OpenHarmony/, 'HarmonyOS'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh|Darwin/, 'macOS'],
  [/Linux/, 'Linux'],
];

// Order matters: Edge and Opera name Chrome too, Chrome names Safari.
const clients: [RegExp, string][] = [
  [/Padhub\//, 'Padhub'],
  [/MicroMessenger/, 'WeChat'],
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser/, 'Samsung Internet'],
  [/Firefox\/|FxiOS/, 'Firefox'],
  [/Chrome\/|CriOS/, 'Chrome'],
  [/Safari\//, 'Safari'],
  [/okhttp/i, 'OkHttp'],
  [/CFNetwork/, 'CFNetwork'],
  [/Dart\//, 'Dart'],
];

const MAX_USER_AGENT = 400;

/** The User-Agent as stored: printable characters only, and not too long. */
export function storableUserAgent(userAgent: string | undefined): string | null {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  const clean = userAgent?.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, MAX_USER_AGENT);
  return clean || null;
}

export function deviceLabel(device: string | null, userAgent: string | null): string | null {
  if (device) return device;
  if (!userAgent) return null;
  const platform = platforms.find(([pattern]) => pattern.test(userAgent))?.[1];
  const client = clients.find(([pattern]) => pattern.test(userAgent))?.[1];
  const parts = [client, platform].filter((part): part is string => part !== undefined);
  return parts.length > 0 ? parts.join(' · ') : null;
}
