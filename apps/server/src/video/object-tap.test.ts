import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '#server-test/helper.ts';
import { clipFile } from '#server-test/video-clips.ts';
import { ObjectTap } from './object-tap.ts';
import { probeVideo } from './probe.ts';
import { videoTools } from './tools.ts';

const app = await buildTestApp();
const tap = new ObjectTap(app.storage.store);
afterAll(() => tap.close());

describe('a stored object handed to ffprobe', () => {
  it('is read by ranges over loopback, the index at the end of an MP4 included, and only while it is in use', async () => {
    const key = 'u/padhub/1/tap/moov-at-end.mp4';
    const bytes = readFileSync(await clipFile('moov-at-end'));
    await app.storage.store.put(key, bytes, 'video/mp4');
    const { ffprobe } = await videoTools();
    let url = '';
    const facts = await tap.use(key, async (given) => {
      url = given;
      const partial = await fetch(given, { headers: { range: 'bytes=4-11' } });
      expect(partial.status).toBe(206);
      expect(partial.headers.get('content-range')).toBe(`bytes 4-11/${bytes.length}`);
      expect(Buffer.from(await partial.arrayBuffer())).toEqual(bytes.subarray(4, 12));
      return probeVideo(ffprobe, given);
    });
    expect(facts.video.codec).toBe('h264');
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/[0-9a-f]{32}$/);
    expect((await fetch(url)).status).toBe(404);
  });
});
