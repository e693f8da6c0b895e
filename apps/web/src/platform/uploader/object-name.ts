import { limits } from '@padhub/contracts';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** Extensions for files whose name has none, from their MIME type. */
const byType: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/heic': 'heic',
  'image/heif': 'heif',
  'image/avif': 'avif',
  'video/mp4': 'mp4',
  'video/quicktime': 'mov',
  'video/x-msvideo': 'avi',
  'application/vnd.rn-realmedia-vbr': 'rmvb',
};

/** The original extension, lower-cased; from the MIME type when the name has none. */
export function extensionOf(name: string, type: string): string {
  const dot = name.lastIndexOf('.');
  const fromName = dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
  if (/^[a-z0-9]{1,8}$/.test(fromName)) return fromName;
  return byType[type.toLowerCase()] ?? 'bin';
}

export function randomSuffix(length: number = limits.uploadSuffixLength, random: (n: number) => Uint8Array = (n) => crypto.getRandomValues(new Uint8Array(n))): string {
  return [...random(length)].map((byte) => ALPHABET[byte % ALPHABET.length]).join('');
}

/**
 * An uploaded file's object name (docs/product-spec.md, "Validation rules"): the folder prefix (the user's own prefix from
 * the credentials, then the folder), the current time, 4 random characters and the original
 * extension, e.g. `u/padhub/7/post/1732272000000k3x9.jpg`. The original name itself stays on the
 * phone: it may say more about the person than they meant to share.
 */
export function objectName(prefix: string, folder: string, file: { name: string; type: string }, now = Date.now(), suffix = randomSuffix()): string {
  const base = prefix.endsWith('/') || prefix === '' ? prefix : `${prefix}/`;
  return `${base}${folder}/${now}${suffix}.${extensionOf(file.name, file.type)}`;
}
