import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { chooseTools } from './tools.ts';

/** A directory with an `ffmpeg` and an `ffprobe` that say they are `version`. */
function fakeSystem(version: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'padhub-fake-ffmpeg-'));
  for (const tool of ['ffmpeg', 'ffprobe']) {
    writeFileSync(path.join(dir, tool), `#!/bin/sh\necho "${tool} version ${version} Copyright (c) 2000-2024 the FFmpeg developers"\n`);
    chmodSync(path.join(dir, tool), 0o755);
  }
  return dir;
}

describe('which ffmpeg a process uses', () => {
  it("is npm's when the system has none: `npm ci` alone gives a working ffmpeg and ffprobe", async () => {
    const tools = await chooseTools({}, mkdtempSync(path.join(tmpdir(), 'padhub-no-ffmpeg-')));
    expect(tools).toMatchObject({ source: 'npm', version: '4.1' });
    expect(tools.ffmpeg).toMatch(/@ffmpeg-installer\/linux-x64\/ffmpeg$/);
    expect(tools.ffprobe).toMatch(/@ffprobe-installer\/linux-x64\/ffprobe$/);
  });

  it("is the system's when it is newer than npm's (Debian 12's 5.1), and npm's when the system's is older", async () => {
    const newer = fakeSystem('5.1.9-0+deb12u1');
    expect(await chooseTools({}, newer)).toMatchObject({ source: 'system', version: '5.1', ffmpeg: path.join(newer, 'ffmpeg'), ffprobe: path.join(newer, 'ffprobe') });
    expect(await chooseTools({}, fakeSystem('3.4.11'))).toMatchObject({ source: 'npm', version: '4.1' });
  });

  it('is the one FFMPEG_PATH names, with FFPROBE_PATH beside it', async () => {
    const dir = fakeSystem('7.1');
    const tools = await chooseTools({ ffmpegPath: path.join(dir, 'ffmpeg'), ffprobePath: path.join(dir, 'ffprobe') });
    expect(tools).toEqual({ ffmpeg: path.join(dir, 'ffmpeg'), ffprobe: path.join(dir, 'ffprobe'), version: '7.1', source: 'configured' });
    await expect(chooseTools({ ffmpegPath: path.join(dir, 'missing') })).rejects.toThrow(/FFMPEG_PATH/);
  });
});
