/**
 * Whose kept data it is (the waiting actions, the kept answers): a hash of the token, not the token
 * itself, since a second copy of it on the device would be one more to leak.
 */
export function hashOf(token: string | null) {
  if (!token) return '';
  let hash = 0x811c9dc5;
  for (const char of token) hash = Math.imul(hash ^ (char.codePointAt(0) ?? 0), 0x01000193);
  return `${(hash >>> 0).toString(36)}.${token.length}`;
}
