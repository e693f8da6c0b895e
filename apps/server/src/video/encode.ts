import type { VideoFacts } from './probe.ts';

/**
 * What is made of every video (docs/video.md, "What is made"): an H.264/AAC MP4 with its index at
 * the front (`faststart`), at most 1080p, its bitrate capped; and for a long or large video an HLS
 * ladder beside it. The plans are ffmpeg arguments; `transcode.ts` runs them.
 */

/** A video longer than this, or larger than `HLS_MIN_BYTES`, also gets an HLS ladder. */
export const HLS_MIN_SECONDS = 60;
export const HLS_MIN_BYTES = 50 * 1024 * 1024;

/** The ladder's rungs by the picture's short side, with their video bitrates (kbit/s). */
export const RUNGS = [
  { short: 360, kbps: 800 },
  { short: 720, kbps: 2800 },
  { short: 1080, kbps: 5000 },
] as const;

const MP4_MAX = { long: 1920, short: 1080 };
/** The MP4's ceiling by its short side: a phone's 40 Mbit/s recording is streamed at 5. */
const MP4_KBPS = [
  { short: 480, kbps: 1500 },
  { short: 720, kbps: 3000 },
  { short: 1080, kbps: 5000 },
] as const;
const AUDIO_KBPS = 128;
const MAX_FPS = 60;

export interface Size {
  width: number;
  height: number;
}

/** The shown size fitted in `long`×`short` (either way round), never enlarged, even numbers (H.264 with 4:2:0 needs them). */
export function fitted(facts: Pick<VideoFacts, 'displayWidth' | 'displayHeight'>, short: number, long = Math.round((short * 16) / 9)): Size {
  const { displayWidth: w, displayHeight: h } = facts;
  const landscape = w >= h;
  const scale = Math.min(1, (landscape ? long : short) / w, (landscape ? short : long) / h);
  const even = (n: number) => Math.max(2, Math.round((n * scale) / 2) * 2);
  return { width: even(w), height: even(h) };
}

/** The MP4 is the original's own streams, repackaged, when a phone can already play them as they are. */
export function canCopy(facts: VideoFacts): boolean {
  const { video, audio } = facts;
  const fits = fitted(facts, MP4_MAX.short, MP4_MAX.long);
  return (
    /\bmp4\b|\bmov\b/.test(facts.container) &&
    video.codec === 'h264' &&
    (video.pixFmt === 'yuv420p' || video.pixFmt === 'yuvj420p') &&
    fits.width >= facts.displayWidth - 1 &&
    fits.height >= facts.displayHeight - 1 &&
    (video.fps ?? 0) <= MAX_FPS &&
    (audio === null || audio.codec === 'aac') &&
    facts.bitRate !== null &&
    facts.bitRate <= (capKbps(Math.min(fits.width, fits.height)) + AUDIO_KBPS) * 1000
  );
}

function capKbps(short: number): number {
  return MP4_KBPS.find((c) => short <= c.short)?.kbps ?? 5000;
}

/** The scale (and, above 60 fps, frame rate) of one output. */
function pictureFilter(size: Size, facts: VideoFacts): string {
  return [`scale=${size.width}:${size.height}`, ...((facts.video.fps ?? 0) > MAX_FPS ? [`fps=${MAX_FPS}`] : [])].join(',');
}

/** Output options shared by every H.264 encode: keyframes every 2 s (HLS segments start on them), rotation already applied. */
function h264(kbps: number, facts: VideoFacts): string[] {
  // Never above what the original spent: re-encoding a small file must not inflate it.
  const ceiling = facts.bitRate ? Math.max(200, Math.min(kbps, Math.round(facts.bitRate / 1000))) : kbps;
  return [
    '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-maxrate', `${ceiling}k`, '-bufsize', `${ceiling * 2}k`,
    '-profile:v', 'high', '-level:v', '4.1', '-pix_fmt', 'yuv420p',
    '-force_key_frames', 'expr:gte(t,n_forced*2)', '-sc_threshold', '0',
    // ffmpeg turns the picture upright as it decodes; a rotation tag copied to the output would turn it again.
    '-metadata:s:v:0', 'rotate=0',
  ];
}

function aac(facts: VideoFacts, kbps = AUDIO_KBPS): string[] {
  return facts.audio ? ['-c:a', 'aac', '-b:a', `${kbps}k`, '-ac', '2'] : [];
}

const common = ['-hide_banner', '-nostdin', '-v', 'error', '-progress', 'pipe:1', '-nostats', '-y'];

/** ffmpeg's arguments for the MP4: a copy when `canCopy`, otherwise an encode to fit 1080p at a capped bitrate. */
export function mp4Args(input: string, output: string, facts: VideoFacts): { args: string[]; copied: boolean; size: Size } {
  const maps = ['-map', '0:v:0', ...(facts.audio ? ['-map', '0:a:0'] : [])];
  if (canCopy(facts)) {
    return { args: [...common, '-i', input, ...maps, '-c', 'copy', '-movflags', '+faststart', output], copied: true, size: { width: facts.displayWidth, height: facts.displayHeight } };
  }
  const size = fitted(facts, MP4_MAX.short, MP4_MAX.long);
  const args = [...common, '-i', input, ...maps, '-vf', pictureFilter(size, facts), ...h264(capKbps(Math.min(size.width, size.height)), facts), ...aac(facts), '-movflags', '+faststart', output];
  return { args, copied: false, size };
}

export interface Rung extends Size {
  name: string;
  kbps: number;
}

/** The ladder for a video: every rung up to its own size (never enlarged), at least the lowest. */
export function ladder(facts: VideoFacts): Rung[] {
  const short = Math.min(facts.displayWidth, facts.displayHeight);
  const rungs = RUNGS.filter((r, i) => i === 0 || r.short <= short);
  return rungs.map((r) => ({ name: String(r.short), kbps: r.kbps, ...fitted(facts, r.short) }));
}

/** Whether a video gets the ladder: long, or large. */
export function wantsLadder(facts: VideoFacts, bytes: number): boolean {
  return facts.duration > HLS_MIN_SECONDS || bytes > HLS_MIN_BYTES;
}

/**
 * One ffmpeg for the whole ladder (the original is decoded once): each rung an HLS playlist whose
 * segments are byte ranges of one file (`<rung>.m3u8` and `<rung>.ts`), so a ladder is a few
 * objects in the store, not hundreds, and deleting it is deleting names known in advance.
 */
export function ladderArgs(input: string, dir: string, facts: VideoFacts, rungs: Rung[]): string[] {
  const split = `[0:v]split=${rungs.length}${rungs.map((_, i) => `[s${i}]`).join('')}`;
  const filters = [split, ...rungs.map((r, i) => `[s${i}]${pictureFilter(r, facts)}[v${i}]`)].join(';');
  const outputs = rungs.flatMap((rung, i) => [
    '-map', `[v${i}]`, ...(facts.audio ? ['-map', '0:a:0'] : []),
    ...h264(rung.kbps, facts),
    ...aac(facts, rung.kbps < 1000 ? 96 : AUDIO_KBPS),
    '-f', 'hls', '-hls_time', '4', '-hls_playlist_type', 'vod', '-hls_flags', 'single_file', `${dir}/${rung.name}.m3u8`,
  ]);
  return [...common, '-i', input, '-filter_complex', filters, ...outputs];
}

/** The ladder's master playlist: each rung with its bandwidth, size and codecs (H.264 High 4.1, AAC-LC). */
export function masterPlaylist(rungs: Rung[], withAudio: boolean): string {
  const codecs = withAudio ? 'avc1.640029,mp4a.40.2' : 'avc1.640029';
  const lines = ['#EXTM3U', '#EXT-X-VERSION:4', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const rung of rungs) {
    const bandwidth = (rung.kbps + (withAudio ? AUDIO_KBPS : 0)) * 1000;
    lines.push(`#EXT-X-STREAM-INF:BANDWIDTH=${Math.round(bandwidth * 1.1)},AVERAGE-BANDWIDTH=${bandwidth},RESOLUTION=${rung.width}x${rung.height},CODECS="${codecs}"`, `${rung.name}.m3u8`);
  }
  return `${lines.join('\n')}\n`;
}
