import sharp from 'sharp';

/** Pixels a side of the grey picture the transform reads, and coefficients a side that make the hash. */
const SIDE = 32;
const KEEP = 8;
/** Pixels a side at most of the decode the crops of a removed picture are cut from. */
const DECODE = 256;

/** A hash is 64 bits: 8 × 8 low frequencies, one bit each. */
const HASH_BYTES = (KEEP * KEEP) / 8;
/**
 * Two hashes this close (bits that differ, of 64) are one picture. Measured (picture-hash.test.ts,
 * docs/moderation.md "Removed pictures stay removed"): re-uploads land at 0–10, unrelated pictures at 14 and more.
 */
export const MATCH_DISTANCE = 10;

/**
 * The crops a removed picture's hashes are taken of, per axis: none, 8 % off either end, 4 % off
 * both. The hash itself survives resizing, re-compression and format changes, but not a shift of
 * more than a few percent; a re-upload cropped by up to 10 % lies within 2 % of one of these
 * 16 framings, which it does survive.
 */
const FRAMINGS: readonly [number, number][] = [
  [0, 0],
  [0.08, 0],
  [0, 0.08],
  [0.04, 0.04],
];

/** Framings a removed picture is kept as: its list entry carries one hash of each. */
export const FRAMINGS_PER_PICTURE = FRAMINGS.length ** 2;

/** The DCT-II basis, KEEP rows of SIDE: row u is cos(π(2x + 1)u / 2·SIDE). */
const BASIS = Float64Array.from({ length: KEEP * SIDE }, (_, i) => {
  const u = Math.floor(i / SIDE);
  const x = i % SIDE;
  return Math.cos((Math.PI * (2 * x + 1) * u) / (2 * SIDE));
});

/** Cells a side of the colour layout: 4 × 4 cells of the 32 × 32 picture. */
const CELLS = 4;
/** A fingerprint: the 8-byte hash, then two colour-opponent means (signed bytes) per cell. */
export const FINGERPRINT_BYTES = HASH_BYTES + CELLS * CELLS * 2;
/**
 * Two fingerprints whose hashes match are one picture when their colour layouts differ by at most
 * this on average (of 127 per channel and cell). The hash reads grey only: drawings of one kind
 * in other colours (the demo's controllers) share it, and their colours tell them apart. Measured:
 * re-uploads differ by at most 2.0, the nearest two demo drawings by 2.7.
 */
export const MATCH_COLOUR = 2.4;

/**
 * A picture's fingerprints, FINGERPRINT_BYTES each: the first of the whole picture (what a new
 * upload is looked up by), then one of each cropped framing (what a removed picture is kept as).
 * Each holds a pHash — the picture upright and grey, shrunk to 32 × 32 whatever its shape, its
 * 8 × 8 lowest DCT frequencies, each a 1 when above their median — and its colour layout: the
 * red–green and yellow–blue means of 4 × 4 cells. `framings: false` answers the first only.
 * Throws when sharp cannot decode the bytes.
 */
export async function pictureHashes(input: Buffer, framings = true): Promise<Buffer[]> {
  const { data, info } = await sharp(input, { failOn: 'none' })
    .autoOrient()
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .resize(DECODE, DECODE, { fit: 'inside', withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  const cuts = framings ? FRAMINGS.flatMap((x) => FRAMINGS.map((y) => [x, y] as const)) : [[FRAMINGS[0]!, FRAMINGS[0]!] as const];
  return Promise.all(
    cuts.map(async ([[left, right], [top, bottom]]) => {
      const x = Math.round(info.width * left);
      const y = Math.round(info.height * top);
      const region = { left: x, top: y, width: Math.max(1, info.width - x - Math.round(info.width * right)), height: Math.max(1, info.height - y - Math.round(info.height * bottom)) };
      const rgb = await sharp(data, raw).extract(region).resize(SIDE, SIDE, { fit: 'fill' }).removeAlpha().raw().toBuffer();
      return fingerprint(rgb);
    }),
  );
}

/** The fingerprint of a SIDE × SIDE RGB picture, rows first. */
function fingerprint(rgb: Uint8Array): Buffer {
  const grey = new Float64Array(SIDE * SIDE);
  const colour = new Float64Array(CELLS * CELLS * 2);
  const cell = SIDE / CELLS;
  for (let i = 0; i < SIDE * SIDE; i++) {
    const [r, g, b] = [rgb[i * 3]!, rgb[i * 3 + 1]!, rgb[i * 3 + 2]!];
    grey[i] = 0.299 * r + 0.587 * g + 0.114 * b;
    const at = (Math.floor(Math.floor(i / SIDE) / cell) * CELLS + Math.floor((i % SIDE) / cell)) * 2;
    colour[at] = colour[at]! + (r - g);
    colour[at + 1] = colour[at + 1]! + ((r + g) / 2 - b);
  }
  const out = Buffer.alloc(FINGERPRINT_BYTES);
  hashGrey(grey).copy(out);
  // Means of −255…255, halved into a signed byte.
  colour.forEach((sum, n) => out.writeInt8(Math.max(-127, Math.min(127, Math.round(sum / (cell * cell) / 2))), HASH_BYTES + n));
  return out;
}

/** How far apart two colour layouts are: the mean difference per channel and cell. */
export function colourDistance(a: Uint8Array, aAt: number, b: Uint8Array, bAt: number): number {
  let sum = 0;
  for (let n = HASH_BYTES; n < FINGERPRINT_BYTES; n++) sum += Math.abs(((a[aAt + n]! << 24) >> 24) - ((b[bAt + n]! << 24) >> 24));
  return sum / (FINGERPRINT_BYTES - HASH_BYTES);
}

/** The pHash of a SIDE × SIDE grey picture, rows first. */
function hashGrey(grey: Float64Array): Buffer {
  const rows = new Float64Array(SIDE * KEEP);
  for (let y = 0; y < SIDE; y++) {
    for (let v = 0; v < KEEP; v++) {
      let sum = 0;
      for (let x = 0; x < SIDE; x++) sum += grey[y * SIDE + x]! * BASIS[v * SIDE + x]!;
      rows[y * KEEP + v] = sum;
    }
  }
  const coefficients = new Float64Array(KEEP * KEEP);
  for (let u = 0; u < KEEP; u++) {
    for (let v = 0; v < KEEP; v++) {
      let sum = 0;
      for (let y = 0; y < SIDE; y++) sum += rows[y * KEEP + v]! * BASIS[u * SIDE + y]!;
      coefficients[u * KEEP + v] = sum;
    }
  }
  const median = Float64Array.from(coefficients).sort()[coefficients.length / 2]!;
  const hash = Buffer.alloc(HASH_BYTES);
  coefficients.forEach((c, i) => {
    if (c > median) hash[i >> 3] = hash[i >> 3]! | (1 << (i & 7));
  });
  return hash;
}

/** Bits set in a 32-bit word. */
function bits(word: number): number {
  let w = word - ((word >>> 1) & 0x55555555);
  w = (w & 0x33333333) + ((w >>> 2) & 0x33333333);
  return (((w + (w >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** The Hamming distance of two 64-bit hashes, each as its low and high 32 bits. */
export function distance(aLow: number, aHigh: number, bLow: number, bHigh: number): number {
  return bits((aLow ^ bLow) >>> 0) + bits((aHigh ^ bHigh) >>> 0);
}

/** A hash's low and high 32 bits. */
export function words(hash: Uint8Array, at = 0): [number, number] {
  const view = new DataView(hash.buffer, hash.byteOffset + at, HASH_BYTES);
  return [view.getUint32(0, true), view.getUint32(4, true)];
}
