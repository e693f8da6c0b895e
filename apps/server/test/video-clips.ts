import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { videoTools } from '#server/video/tools.ts';

const run = promisify(execFile);

/**
 * Real small videos of every kind a phone or an old camera produces, made by the tests with the
 * ffmpeg the server uses (docs/video.md, "Tests"): a second or two, at most 320 pixels wide, so
 * processing them costs little on a shared machine. The npm ffmpeg (4.1) encodes RealVideo 2 and
 * AC-3 into RealMedia, so the rmvb is made here too; a real RMVB (RealVideo 4, Cook) only decodes.
 */
export const clipKinds = {
  // QuickTime from an iPhone: H.264 and AAC, the index at the front.
  mov: { ext: 'mov', args: ['-f', 'lavfi', '-i', 'testsrc2=s=320x240:d=2:r=15', '-f', 'lavfi', '-i', 'sine=d=2:f=440', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-f', 'mov'] },
  // An MP4 whose index (moov) is at the end, as a camera writes it: streamed only after faststart.
  'moov-at-end': { ext: 'mp4', args: ['-f', 'lavfi', '-i', 'testsrc2=s=320x240:d=2:r=15', '-f', 'lavfi', '-i', 'sine=d=2', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac'] },
  avi: { ext: 'avi', args: ['-f', 'lavfi', '-i', 'testsrc2=s=320x240:d=2:r=15', '-f', 'lavfi', '-i', 'sine=d=2', '-c:v', 'mpeg4', '-q:v', '5', '-c:a', 'libmp3lame'] },
  rmvb: { ext: 'rmvb', args: ['-f', 'lavfi', '-i', 'testsrc2=s=320x240:d=2:r=15', '-f', 'lavfi', '-i', 'sine=d=2', '-c:v', 'rv20', '-b:v', '300k', '-c:a', 'ac3', '-b:a', '64k', '-f', 'rm'] },
  // A phone held upright: stored landscape, turned by its display matrix (made by a copy below).
  portrait: { ext: 'mp4', args: ['-f', 'lavfi', '-i', 'testsrc2=s=320x180:d=2:r=15', '-f', 'lavfi', '-i', 'sine=d=2', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac'], rotate: 90 },
  // Variable frame rate, as phones record: frames dropped in runs, timestamps kept.
  vfr: { ext: 'mp4', args: ['-f', 'lavfi', '-i', 'testsrc2=s=160x120:d=3:r=30', '-vf', "select='lt(mod(n\\,10)\\,3)+gte(n\\,60)'", '-vsync', 'vfr', '-c:v', 'libx264', '-pix_fmt', 'yuv420p'] },
  hevc: { ext: 'mp4', args: ['-f', 'lavfi', '-i', 'testsrc2=s=320x240:d=2:r=15', '-f', 'lavfi', '-i', 'sine=d=2', '-c:v', 'libx265', '-x265-params', 'log-level=error', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-tag:v', 'hvc1', '-c:a', 'aac'] },
  'no-audio': { ext: 'mp4', args: ['-f', 'lavfi', '-i', 'testsrc2=s=160x120:d=2:r=15', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-an'] },
  // Starts black for a second: the poster must be a later frame.
  'black-start': { ext: 'mp4', args: ['-f', 'lavfi', '-i', 'color=c=black:s=160x120:d=1:r=10', '-f', 'lavfi', '-i', 'testsrc2=s=160x120:d=1:r=10', '-filter_complex', '[0:v][1:v]concat=n=2:v=1[v]', '-map', '[v]', '-c:v', 'libx264', '-pix_fmt', 'yuv420p'] },
  // Longer than a minute at 720p (a frame a second, so it costs little): gets the HLS ladder, 360p and 720p.
  long: { ext: 'mp4', args: ['-f', 'lavfi', '-i', 'testsrc2=s=1280x720:d=61:r=1', '-f', 'lavfi', '-i', 'sine=d=61', '-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '35', '-pix_fmt', 'yuv420p', '-c:a', 'aac'] },
} as const;
export type ClipKind = keyof typeof clipKinds;

const dir = mkdtempSync(path.join(tmpdir(), 'padhub-clips-'));
const made = new Map<ClipKind, Promise<string>>();

/** The clip's file (made once per test process). */
export function clipFile(kind: ClipKind): Promise<string> {
  let file = made.get(kind);
  if (!file) {
    file = makeClip(kind);
    made.set(kind, file);
  }
  return file;
}

export async function clip(kind: ClipKind): Promise<Buffer> {
  return readFileSync(await clipFile(kind));
}

async function makeClip(kind: ClipKind): Promise<string> {
  const { ffmpeg } = await videoTools();
  const spec = clipKinds[kind];
  const file = path.join(dir, `${kind}.${spec.ext}`);
  const quiet = ['-hide_banner', '-nostdin', '-v', 'error', '-y'];
  if ('rotate' in spec) {
    const plain = path.join(dir, `${kind}-plain.${spec.ext}`);
    await run(ffmpeg, [...quiet, ...spec.args, plain]);
    // The rotation survives a stream copy (an encode would apply it): as a phone stores it.
    await run(ffmpeg, [...quiet, '-i', plain, '-c', 'copy', '-metadata:s:v:0', `rotate=${spec.rotate}`, file]);
  } else {
    await run(ffmpeg, [...quiet, ...spec.args, file]);
  }
  return file;
}
