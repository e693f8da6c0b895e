export type SniffedKind = 'image' | 'video';

export interface Sniffed {
  kind: SniffedKind;
  /** jpeg, png, gif, webp, heic, avif · mp4, mov, avi, rmvb, matroska */
  format: string;
}

/** How many leading bytes `sniff` needs. */
export const SNIFF_BYTES = 64;

/** ISO-BMFF brands of still images (HEIF/HEIC, AVIF); every other `ftyp` brand is a video. */
const IMAGE_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'hevm', 'hevs', 'mif1', 'msf1', 'avif', 'avis']);
/** Top-level atoms an old QuickTime file may start with instead of `ftyp`. */
const QUICKTIME_ATOMS = new Set(['moov', 'mdat', 'wide', 'free', 'skip', 'pnot']);

/**
 * What a file's first bytes say it is, whatever its name claims: a text file renamed .jpg is
 * nothing. Knows the formats a phone produces and the spec's video extensions.
 */
export function sniff(head: Buffer): Sniffed | null {
  const ascii = (from: number, to: number) => head.toString('latin1', from, to);
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return { kind: 'image', format: 'jpeg' };
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return { kind: 'image', format: 'png' };
  if (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a') return { kind: 'image', format: 'gif' };
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return { kind: 'image', format: 'webp' };
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'AVI ') return { kind: 'video', format: 'avi' };
  if (ascii(0, 4) === '.RMF') return { kind: 'video', format: 'rmvb' };
  if (head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3) return { kind: 'video', format: 'matroska' };
  if (head.length >= 12 && ascii(4, 8) === 'ftyp') {
    const brand = ascii(8, 12);
    if (IMAGE_BRANDS.has(brand)) return { kind: 'image', format: brand.startsWith('avi') ? 'avif' : 'heic' };
    return { kind: 'video', format: brand === 'qt  ' ? 'mov' : 'mp4' };
  }
  if (head.length >= 8 && QUICKTIME_ATOMS.has(ascii(4, 8))) return { kind: 'video', format: 'mov' };
  return null;
}
