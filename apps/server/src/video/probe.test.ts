import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { clipFile } from '#server-test/video-clips.ts';
import { VideoUnreadable, probeVideo } from './probe.ts';
import { videoTools } from './tools.ts';

const { ffprobe } = await videoTools();
const probe = async (kind: Parameters<typeof clipFile>[0]) => probeVideo(ffprobe, await clipFile(kind));

describe("ffprobe's figures of a video", () => {
  it('reads the container, codecs, length and size of every accepted kind', async () => {
    expect(await probe('avi')).toMatchObject({ container: 'avi', video: { codec: 'mpeg4', width: 320, height: 240 }, audio: { codec: 'mp3' } });
    expect(await probe('rmvb')).toMatchObject({ container: 'rm', video: { codec: 'rv20' }, audio: { codec: 'ac3' } });
    expect(await probe('hevc')).toMatchObject({ video: { codec: 'hevc' }, audio: { codec: 'aac' } });
    expect(await probe('mov')).toMatchObject({ container: expect.stringMatching(/mov/), video: { codec: 'h264' } });
    expect((await probe('moov-at-end')).duration).toBeCloseTo(2, 1);
    expect((await probe('no-audio')).audio).toBeNull();
  });

  it('turns the size of a portrait clip by its rotation', async () => {
    const portrait = await probe('portrait');
    expect(portrait.video).toMatchObject({ width: 320, height: 180 });
    expect(portrait.video.rotation % 180).toBe(90);
    expect([portrait.displayWidth, portrait.displayHeight]).toEqual([180, 320]);
  });

  it('tells a variable frame rate from a constant one', async () => {
    expect((await probe('vfr')).video.variableFrameRate).toBe(true);
    expect((await probe('mov')).video.variableFrameRate).toBe(false);
  });

  it('finds no video in what is not one', async () => {
    const text = path.join(tmpdir(), `padhub-not-a-video-${process.pid}.mp4`);
    writeFileSync(text, 'just some words, no video at all');
    await expect(probeVideo(ffprobe, text)).rejects.toBeInstanceOf(VideoUnreadable);
  });
});
