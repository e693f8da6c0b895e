import { describe, expect, it } from 'vitest';
import { ToolFailed, runTool } from './run-tool.ts';

describe('running ffmpeg and ffprobe', () => {
  it('runs them niced, so the API answers first when both want the CPU', async () => {
    // Field 19 of /proc/<pid>/stat is the niceness; read after the parent has set it.
    const out = await runTool('sh', ['-c', 'sleep 0.3; cut -d" " -f19 /proc/$$/stat']);
    expect(out.toString().trim()).toBe('10');
  });

  it('reports progress from `-progress` lines, and answers what it printed', async () => {
    const seen: number[] = [];
    const out = await runTool('sh', ['-c', 'echo out_time_us=500000; echo frame=3; echo out_time_ms=1500000; echo progress=end'], { onProgress: (s) => seen.push(s) });
    expect(seen).toEqual([0.5, 1.5]);
    expect(out.toString()).toContain('progress=end');
  });

  it('fails with the end of stderr when the tool exits non-zero', async () => {
    const run = runTool('sh', ['-c', 'echo "Invalid data found when processing input" >&2; exit 1']);
    await expect(run).rejects.toBeInstanceOf(ToolFailed);
    await expect(run).rejects.toMatchObject({ reason: 'exit', stderr: expect.stringContaining('Invalid data found') });
  });

  it('kills a run that stops reporting progress, one past its time, and one whose job was stopped', async () => {
    const started = Date.now();
    await expect(runTool('sh', ['-c', 'echo out_time_us=1; exec sleep 30'], { stallMs: 300 })).rejects.toMatchObject({ reason: 'stalled' });
    await expect(runTool('sleep', ['30'], { timeoutMs: 200 })).rejects.toMatchObject({ reason: 'timeout' });
    const stop = new AbortController();
    setTimeout(() => stop.abort(), 200);
    await expect(runTool('sleep', ['30'], { signal: stop.signal })).rejects.toMatchObject({ reason: 'aborted' });
    expect(Date.now() - started).toBeLessThan(20_000);
  });
});
