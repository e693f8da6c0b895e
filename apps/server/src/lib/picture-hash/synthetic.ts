import sharp from 'sharp';

/**
 * Pictures for measuring the hash, made from a seed: a gradient ground, shapes, lines of
 * text-like marks or real letters, and for some noise — each of them different in everything.
 */
export function randomOf(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    // xorshift32: fast and good enough to vary pictures.
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 2 ** 32;
  };
}

const colour = (r: () => number) => `rgb(${Math.floor(r() * 256)},${Math.floor(r() * 256)},${Math.floor(r() * 256)})`;
const LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz0123456789';

/** An SVG picture of the seed, between 200 and 480 pixels a side. */
function svgOf(seed: number): { svg: string; width: number; height: number; noisy: boolean } {
  const r = randomOf(seed * 7919 + 17);
  const width = 200 + Math.floor(r() * 280);
  const height = 200 + Math.floor(r() * 280);
  const parts: string[] = [];
  const angle = Math.floor(r() * 360);
  parts.push(
    `<defs><linearGradient id="g" gradientTransform="rotate(${angle} .5 .5)"><stop offset="0" stop-color="${colour(r)}"/><stop offset="1" stop-color="${colour(r)}"/></linearGradient>`,
    `<radialGradient id="h"><stop offset="0" stop-color="${colour(r)}"/><stop offset="1" stop-color="${colour(r)}" stop-opacity="0"/></radialGradient></defs>`,
    `<rect width="100%" height="100%" fill="url(#g)"/>`,
  );
  const shapes = 3 + Math.floor(r() * 8);
  for (let i = 0; i < shapes; i++) {
    const [x, y, w, h] = [r() * width, r() * height, 20 + r() * width * 0.6, 20 + r() * height * 0.6];
    const fill = r() < 0.2 ? 'url(#h)' : colour(r);
    const opacity = (0.4 + r() * 0.6).toFixed(2);
    const kind = Math.floor(r() * 4);
    if (kind === 0) parts.push(`<rect x="${x - w / 2}" y="${y - h / 2}" width="${w}" height="${h}" fill="${fill}" opacity="${opacity}" transform="rotate(${Math.floor(r() * 90)} ${x} ${y})"/>`);
    else if (kind === 1) parts.push(`<ellipse cx="${x}" cy="${y}" rx="${w / 2}" ry="${h / 2}" fill="${fill}" opacity="${opacity}"/>`);
    else if (kind === 2) {
      const points = Array.from({ length: 3 + Math.floor(r() * 4) }, () => `${Math.floor(r() * width)},${Math.floor(r() * height)}`).join(' ');
      parts.push(`<polygon points="${points}" fill="${fill}" opacity="${opacity}"/>`);
    } else parts.push(`<line x1="${x}" y1="${y}" x2="${r() * width}" y2="${r() * height}" stroke="${colour(r)}" stroke-width="${2 + r() * 18}"/>`);
  }
  // Text-like: lines of word-sized marks (a screenshot of a page), or real letters (a caption).
  if (r() < 0.5) {
    const [x0, y0] = [r() * width * 0.5, r() * height * 0.5];
    const ink = colour(r);
    for (let line = 0; line < 3 + Math.floor(r() * 8); line++) {
      let x = x0;
      while (x < x0 + width * 0.45) {
        const w = 6 + r() * 40;
        parts.push(`<rect x="${x}" y="${y0 + line * 14}" width="${w}" height="8" fill="${ink}"/>`);
        x += w + 5;
      }
    }
  } else {
    const text = Array.from({ length: 4 + Math.floor(r() * 10) }, () => LETTERS[Math.floor(r() * LETTERS.length)]).join('');
    parts.push(`<text x="${r() * width * 0.3}" y="${height * (0.2 + r() * 0.7)}" font-family="sans-serif" font-size="${16 + Math.floor(r() * 48)}" fill="${colour(r)}">${text}</text>`);
  }
  return { svg: `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${parts.join('')}</svg>`, width, height, noisy: r() < 0.3 };
}

/** The seed's picture as a PNG; about a third carry sensor-like noise over the drawing. */
export async function syntheticPicture(seed: number): Promise<Buffer> {
  const { svg, width, height, noisy } = svgOf(seed);
  const drawn = sharp(Buffer.from(svg));
  if (!noisy) return drawn.png().toBuffer();
  const noise = await sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 30 } } }).png().toBuffer();
  return drawn.composite([{ input: noise, blend: 'overlay' }]).png().toBuffer();
}

/** What a re-upload does to a picture: each variant a name and how it is made from the original. */
export const variants: [string, (original: Buffer) => Promise<Buffer>][] = [
  ['resized to half, JPEG 85', async (o) => sharp(o).resize({ width: Math.round((await sharp(o).metadata()).width / 2) }).jpeg({ quality: 85 }).toBuffer()],
  ['resized up by half, PNG', async (o) => sharp(o).resize({ width: Math.round((await sharp(o).metadata()).width * 1.5) }).png().toBuffer()],
  ['resized to 200 wide, WebP', (o) => sharp(o).resize({ width: 200 }).webp({ quality: 80 }).toBuffer()],
  ['JPEG 50', (o) => sharp(o).jpeg({ quality: 50 }).toBuffer()],
  ['JPEG 90', (o) => sharp(o).jpeg({ quality: 90 }).toBuffer()],
  ['WebP 75', (o) => sharp(o).webp({ quality: 75 }).toBuffer()],
  ['AVIF 50', (o) => sharp(o).avif({ quality: 50, effort: 0 }).toBuffer()],
  ['cropped 10 % off the left, JPEG 80', (o) => crop(o, { left: 0.1, top: 0, right: 0, bottom: 0 }).then((c) => sharp(c).jpeg({ quality: 80 }).toBuffer())],
  ['cropped 5 % off every side, PNG', (o) => crop(o, { left: 0.05, top: 0.05, right: 0.05, bottom: 0.05 })],
  ['cropped 10 % off the bottom and right, WebP', (o) => crop(o, { left: 0, top: 0, right: 0.1, bottom: 0.1 }).then((c) => sharp(c).webp({ quality: 80 }).toBuffer())],
  ['cropped 8 % off the top, resized to 70 %, JPEG 70', async (o) => {
    const c = await crop(o, { left: 0, top: 0.08, right: 0, bottom: 0 });
    return sharp(c).resize({ width: Math.round((await sharp(c).metadata()).width * 0.7) }).jpeg({ quality: 70 }).toBuffer();
  }],
];

async function crop(original: Buffer, off: { left: number; top: number; right: number; bottom: number }): Promise<Buffer> {
  const { width, height } = await sharp(original).metadata();
  const left = Math.round(width * off.left);
  const top = Math.round(height * off.top);
  return sharp(original)
    .extract({ left, top, width: width - left - Math.round(width * off.right), height: height - top - Math.round(height * off.bottom) })
    .png()
    .toBuffer();
}
