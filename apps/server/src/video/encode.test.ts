import { describe, expect, it } from 'vitest';
import { LADDER_RUNGS } from '#server/storage/object-keys.ts';
import { RUNGS, canCopy, fitted, ladder, masterPlaylist, mp4Args } from './encode.ts';
import type { VideoFacts } from './probe.ts';

function facts(over: Partial<Omit<VideoFacts, 'audio'>> & { w?: number; h?: number; codec?: string; audio?: string | null; fps?: number } = {}): VideoFacts {
  const { w = 1920, h = 1080, codec = 'h264', audio = 'aac', fps = 30, ...rest } = over;
  return {
    container: 'mov,mp4,m4a,3gp,3g2,mj2',
    duration: 10,
    bitRate: 4_000_000,
    video: { codec, pixFmt: 'yuv420p', width: w, height: h, rotation: 0, fps, variableFrameRate: false },
    audio: audio ? { codec: audio } : null,
    displayWidth: w,
    displayHeight: h,
    ...rest,
  };
}

describe('what is made of a video', () => {
  it('fits the MP4 in 1080p either way round, never enlarged, in even numbers', () => {
    expect(fitted(facts({ w: 3840, h: 2160 }), 1080, 1920)).toEqual({ width: 1920, height: 1080 });
    expect(fitted(facts({ w: 2160, h: 3840 }), 1080, 1920)).toEqual({ width: 1080, height: 1920 });
    expect(fitted(facts({ w: 640, h: 480 }), 1080, 1920)).toEqual({ width: 640, height: 480 });
    expect(fitted(facts({ w: 1279, h: 719 }), 1080, 1920)).toEqual({ width: 1280, height: 720 });
  });

  it('repackages only what a phone plays as it is: H.264 4:2:0 and AAC in MP4 or MOV, at most 1080p, within the bitrate cap', () => {
    expect(canCopy(facts())).toBe(true);
    expect(canCopy(facts({ audio: null }))).toBe(true);
    expect(canCopy(facts({ codec: 'hevc' }))).toBe(false);
    expect(canCopy(facts({ w: 3840, h: 2160 }))).toBe(false);
    expect(canCopy(facts({ bitRate: 40_000_000 }))).toBe(false);
    expect(canCopy(facts({ audio: 'pcm_s16le' }))).toBe(false);
    expect(canCopy(facts({ container: 'avi' }))).toBe(false);
    expect(canCopy(facts({ fps: 120 }))).toBe(false);
  });

  it('stream-copies with faststart, or encodes with x264 veryfast at a capped rate, the rotation applied once', () => {
    expect(mp4Args('in.mov', 'out.mp4', facts()).args).toEqual(expect.arrayContaining(['-c', 'copy', '-movflags', '+faststart']));
    const encoded = mp4Args('in.mp4', 'out.mp4', facts({ codec: 'hevc', w: 3840, h: 2160, bitRate: 50_000_000 }));
    expect(encoded.copied).toBe(false);
    expect(encoded.size).toEqual({ width: 1920, height: 1080 });
    expect(encoded.args.join(' ')).toMatch(/-vf scale=1920:1080 -c:v libx264 -preset veryfast -crf 23 -maxrate 5000k -bufsize 10000k/);
    expect(encoded.args.join(' ')).toMatch(/-metadata:s:v:0 rotate=0 -c:a aac -b:a 128k/);
    // Never above what the original spent.
    expect(mp4Args('in.avi', 'out.mp4', facts({ container: 'avi', codec: 'mpeg4', w: 320, h: 240, bitRate: 300_000 })).args.join(' ')).toMatch(/-maxrate 300k/);
  });

  it('climbs the ladder up to the video itself: 360p, 720p, 1080p; a small video gets one rung at its own size', () => {
    expect(ladder(facts({ w: 3840, h: 2160 })).map((r) => [r.name, r.width, r.height])).toEqual([['360', 640, 360], ['720', 1280, 720], ['1080', 1920, 1080]]);
    expect(ladder(facts({ w: 720, h: 1280 })).map((r) => [r.name, r.width, r.height])).toEqual([['360', 360, 640], ['720', 720, 1280]]);
    expect(ladder(facts({ w: 320, h: 240 })).map((r) => [r.name, r.width, r.height])).toEqual([['360', 320, 240]]);
    // Every rung's files are named in storage's list, so deleting a video deletes each of them.
    expect(RUNGS.map((r) => String(r.short))).toEqual([...LADDER_RUNGS]);
  });

  it('writes a master playlist a player can choose from', () => {
    const playlist = masterPlaylist(ladder(facts({ w: 1280, h: 720 })), true);
    expect(playlist).toBe(
      [
        '#EXTM3U',
        '#EXT-X-VERSION:4',
        '#EXT-X-INDEPENDENT-SEGMENTS',
        '#EXT-X-STREAM-INF:BANDWIDTH=1020800,AVERAGE-BANDWIDTH=928000,RESOLUTION=640x360,CODECS="avc1.640029,mp4a.40.2"',
        '360.m3u8',
        '#EXT-X-STREAM-INF:BANDWIDTH=3220800,AVERAGE-BANDWIDTH=2928000,RESOLUTION=1280x720,CODECS="avc1.640029,mp4a.40.2"',
        '720.m3u8',
        '',
      ].join('\n'),
    );
  });
});
