/**
 * Keys are opaque to S3, but a browser normalises `.`/`..` segments and `//` in URLs: such keys
 * could be written and never read back (or read as another key). Refuse them everywhere.
 */
export function isSafeKey(key: string): boolean {
  if (key.length === 0 || Buffer.byteLength(key) > 1024) return false;
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i);
    if (c < 0x20 || c === 0x7f || c === 0x5c) return false; // control characters and backslash
  }
  return key.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..');
}

/** Encodes a key for a URL path, keeping its slashes. */
export function encodeKey(key: string): string {
  return key
    .split('/')
    .map((s) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`))
    .join('/');
}
