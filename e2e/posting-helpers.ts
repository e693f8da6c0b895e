import { readFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, loginThroughHost } from './fixtures.ts';

/* What the posting journeys share: files made here, and the way to the new-post page. */


/** A real PNG of one colour fading to another, made here: the server decodes it to make thumbnails. */
function png(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = y * (width * 3 + 1) + 1 + x * 3;
      rows[at] = (r * x) / width;
      rows[at + 1] = (g * y) / height;
      rows[at + 2] = b;
    }
  }
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

export const picture = (name: string, colour: [number, number, number]) => ({ name, mimeType: 'image/png', buffer: png(160, 120, colour) });
/** A real MP4 (the server reads its container): apps/server/test/fixtures/README.md. */
export const video = (name: string) => ({ name, mimeType: 'video/mp4', buffer: readFileSync(new URL('../apps/server/test/fixtures/tiny.mp4', import.meta.url)) });

export const heading = (page: Page) => page.locator('h1:visible');
export const fileInput = (page: Page) => page.locator('input[type=file]');
export const tiles = (page: Page) => page.locator('.media-tile:not(.media-tile-add)');

export async function openAddPost(page: Page) {
  await page.goto('/app/community/index');
  await loginThroughHost(page, 'demo');
  await expect(page.getByRole('button', { name: /Demo/ })).toBeVisible();
  await page.getByRole('button', { name: '发帖' }).click();
  await expect(heading(page)).toHaveText('发帖');
}

/** The demo account's posts whose text is `content`, asked of the API itself. */
export async function postsWith(page: Page, content: string) {
  const login = await page.request.post('/api/auth/login', { headers: { accorgid: 'padhub' }, data: { username: 'demo', password: DEMO_PASSWORD } });
  const token = (await login.json()).data.token as string;
  const mine = await page.request.get('/api/me/posts?limit=50', { headers: { accorgid: 'padhub', token } });
  const items = (await mine.json()).data.items as { id: string; content: string; media: { path: string; kind: string; thumb?: string; duration?: number }[] }[];
  return items.filter((p) => p.content === content);
}
