import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '#server-test/helper.ts';
import { checkMedia } from './media.ts';
import { sniff } from './media-sniff.ts';
import { probeVideo } from './video-probe.ts';

/** Tiny real videos made once with ffmpeg (apps/server/test/fixtures/README.md says how). */
const fixture = (name: string) => readFileSync(new URL(`../../test/fixtures/${name}`, import.meta.url));

async function probe(bytes: Buffer) {
  const format = sniff(bytes.subarray(0, 64))?.format ?? 'none';
  return probeVideo(async (start, end) => bytes.subarray(start, end + 1), bytes.length, format);
}

const mp4Header = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2')]);

describe('a video is a container with a video track and a duration, not a header', () => {
  it('accepts real MP4 (moov first or last), QuickTime, WebM, AVI and RealMedia files, with their duration', async () => {
    for (const name of ['tiny.mp4', 'moov-at-end.mp4', 'tiny.mov', 'tiny.webm', 'tiny.avi', 'tiny.rmvb']) {
      const probed = await probe(fixture(name));
      expect(probed, name).not.toBeNull();
      expect(probed!.duration, name).toBeCloseTo(0.5, 1);
    }
  });

  it('accepts a fragmented MP4 written while recording, whose header does not know its length', async () => {
    expect(await probe(fixture('fragmented.mp4'))).toEqual({ duration: 0 });
    // Without its fragments it is a header only.
    const file = fixture('fragmented.mp4');
    expect(await probe(file.subarray(0, 28 + 749))).toBeNull();
  });

  it("refuses an MP4 header followed by a page and an archive (the probe's file)", async () => {
    const zip = Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(200, 1)]);
    expect(await probe(Buffer.concat([mp4Header, Buffer.from('<html><script>alert(1)</script></html>'), zip]))).toBeNull();
    expect(await probe(mp4Header)).toBeNull();
  });

  it('refuses a file with only sound, a cut-off video, and a WebM header on junk', async () => {
    expect(await probe(fixture('audio-only.m4a'))).toBeNull();
    const mp4 = fixture('tiny.mp4');
    expect(await probe(mp4.subarray(0, mp4.length - 100))).toBeNull();
    const webm = fixture('tiny.webm');
    expect(await probe(Buffer.concat([webm.subarray(0, 40), Buffer.from('<html>not a video</html>')]))).toBeNull();
    // AVI and RealMedia headers glued onto a page.
    expect(await probe(Buffer.concat([fixture('tiny.avi').subarray(0, 12), Buffer.from('<html>not a video</html>')]))).toBeNull();
    expect(await probe(Buffer.concat([fixture('tiny.rmvb').subarray(0, 18), Buffer.from('<html>not a video</html>')]))).toBeNull();
  });
});

const { storage } = await buildTestApp();

describe('posting a video checks its container', () => {
  const mine = 'u/padhub/7/';

  it('accepts a real video and refuses a fake one with media_video_unplayable', async () => {
    await storage.store.put(`${mine}real.mp4`, fixture('tiny.mp4'), 'video/mp4');
    expect(await checkMedia(storage.store, [{ path: `${mine}real.mp4`, kind: 'video' }], mine)).toEqual([{ path: `${mine}real.mp4`, kind: 'video' }]);
    await storage.store.put(`${mine}fake.mp4`, Buffer.concat([mp4Header, Buffer.from('<html></html>')]), 'video/mp4');
    const error = await checkMedia(storage.store, [{ path: `${mine}fake.mp4`, kind: 'video' }], mine).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ key: 'media_video_unplayable', status: 422, data: { path: `${mine}fake.mp4` } });
  });
});
