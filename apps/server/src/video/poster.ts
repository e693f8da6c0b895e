import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { runTool } from './run-tool.ts';

/** Frames looked at: two a second over the first seconds. */
const LOOK_SECONDS = 3;
const PER_SECOND = 2;
/** A frame darker than this on average (of 255) is black: a fade-in, a lens cap. */
const DARK = 24;
/** A frame this flat (standard deviation of its grey) is a blank colour card. */
const FLAT = 6;

/**
 * The poster of a video: the first frame of its first seconds that is neither black nor blank, as
 * a PNG at most 1080 pixels wide, upright (ffmpeg applies the rotation as it decodes). Works for
 * whatever ffmpeg decodes (avi, rmvb, HEVC), unlike a poster taken in the browser. When every
 * frame looked at is dark, the one with the most detail.
 */
export async function makePoster(ffmpeg: string, input: string, workDir: string, signal?: AbortSignal): Promise<Buffer> {
  const pattern = path.join(workDir, 'poster-%02d.png');
  await runTool(
    ffmpeg,
    ['-hide_banner', '-nostdin', '-v', 'error', '-i', input, '-t', String(LOOK_SECONDS), '-an', '-vf', `fps=${PER_SECOND},scale='min(1080,iw)':-2`, '-y', pattern],
    { signal, timeoutMs: 120_000 },
  );
  let names = (await readdir(workDir)).filter((name) => /^poster-\d+\.png$/.test(name)).sort();
  if (names.length === 0) {
    // A clip shorter than one sample: its first frame.
    await runTool(ffmpeg, ['-hide_banner', '-nostdin', '-v', 'error', '-i', input, '-frames:v', '1', '-an', '-vf', "scale='min(1080,iw)':-2", '-y', path.join(workDir, 'poster-01.png')], { signal, timeoutMs: 120_000 });
    names = ['poster-01.png'];
  }
  const frames = await Promise.all(
    names.map(async (name) => {
      const png = await readFile(path.join(workDir, name));
      const { channels } = await sharp(png).greyscale().stats();
      return { png, mean: channels[0]!.mean, detail: channels[0]!.stdev };
    }),
  );
  const lit = frames.find((f) => f.mean >= DARK && f.detail >= FLAT);
  return (lit ?? frames.reduce((best, f) => (f.detail > best.detail ? f : best))).png;
}
