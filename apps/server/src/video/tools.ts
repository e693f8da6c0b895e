import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The ffmpeg and ffprobe a process uses, and where they came from. */
export interface VideoTools {
  ffmpeg: string;
  ffprobe: string;
  /** ffmpeg's version as `major.minor` (`4.1` for the npm build, `5.1` for Debian 12's). */
  version: string;
  source: 'configured' | 'system' | 'npm';
}

export interface ToolSettings {
  /** FFMPEG_PATH, FFPROBE_PATH: used as given. */
  ffmpegPath?: string;
  ffprobePath?: string;
}

let found: Promise<VideoTools> | undefined;

/**
 * ffmpeg and ffprobe, chosen once per process (docs/video.md, "ffmpeg"): the configured paths; else
 * the system's (`ffmpeg` on PATH) when it is at least as new as the npm build; else the binaries
 * shipped inside `@ffmpeg-installer/ffmpeg` and `@ffprobe-installer/ffprobe`, which `npm ci`
 * installs with the project, so a machine with only Node has them.
 */
export function videoTools(settings: ToolSettings = {}): Promise<VideoTools> {
  found ??= chooseTools(settings).catch((error: unknown) => {
    found = undefined;
    throw error;
  });
  return found;
}

/** `system`: where the system's binaries are looked for (the tests' fake ones); unset, on PATH. */
export async function chooseTools(settings: ToolSettings, system?: string): Promise<VideoTools> {
  const named = (tool: string) => (system ? path.join(system, tool) : tool);
  if (settings.ffmpegPath) {
    const version = await versionOf(settings.ffmpegPath);
    if (!version) throw new Error(`FFMPEG_PATH ${settings.ffmpegPath} does not answer -version`);
    const ffprobe = settings.ffprobePath ?? (await systemProbe(named('ffprobe'))) ?? (await npmTools())?.ffprobe;
    if (!ffprobe) throw new Error('FFMPEG_PATH is set but no ffprobe was found: set FFPROBE_PATH');
    return { ffmpeg: settings.ffmpegPath, ffprobe, version, source: 'configured' };
  }
  const [version, shipped] = await Promise.all([versionOf(named('ffmpeg')), npmTools()]);
  const systemProbePath = version ? await systemProbe(named('ffprobe')) : null;
  if (version && systemProbePath && (!shipped || newerOrSame(version, shipped.version))) {
    return { ffmpeg: named('ffmpeg'), ffprobe: settings.ffprobePath ?? systemProbePath, version, source: 'system' };
  }
  if (!shipped) throw new Error('no ffmpeg: neither FFMPEG_PATH, an ffmpeg on PATH, nor @ffmpeg-installer/ffmpeg for this platform');
  return { ...shipped, ffprobe: settings.ffprobePath ?? shipped.ffprobe, source: 'npm' };
}

/** `major.minor` from `ffmpeg -version`'s first line; null when the command does not run. Static builds name a git revision instead. */
async function versionOf(command: string): Promise<string | null> {
  try {
    const { stdout } = await run(command, ['-hide_banner', '-version'], { timeout: 10_000 });
    const match = /version\s+n?(\d+)\.(\d+)/i.exec(stdout);
    return match ? `${match[1]}.${match[2]}` : /version\s+N-/.test(stdout) ? '0.0' : null;
  } catch {
    return null;
  }
}

async function systemProbe(command: string): Promise<string | null> {
  return (await versionOf(command)) ? command : null;
}

/** The npm-shipped binaries; null when this platform has no package (their index throws). */
async function npmTools(): Promise<{ ffmpeg: string; ffprobe: string; version: string } | null> {
  try {
    const [{ default: ffmpeg }, { default: ffprobe }] = await Promise.all([import('@ffmpeg-installer/ffmpeg'), import('@ffprobe-installer/ffprobe')]);
    // The binary names a git revision, and the installer's `version` a build date: the version of the
    // ffmpeg inside is the platform package's own (`@ffmpeg-installer/linux-x64` 4.1.0).
    const { version } = JSON.parse(await readFile(path.join(path.dirname(ffmpeg.path), 'package.json'), 'utf8')) as { version: string };
    const [major = '0', minor = '0'] = version.split('.');
    return { ffmpeg: ffmpeg.path, ffprobe: ffprobe.path, version: `${major}.${minor}` };
  } catch {
    return null;
  }
}

function newerOrSame(a: string, b: string): boolean {
  const [am = 0, an = 0] = a.split('.').map(Number);
  const [bm = 0, bn = 0] = b.split('.').map(Number);
  return am > bm || (am === bm && an >= bn);
}
