import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';

export interface ToolRun {
  /** Stops the run (the job's signal: its time is up, or the worker is stopping). */
  signal?: AbortSignal;
  /** Ended when it has run this long. */
  timeoutMs?: number;
  /** Ended when ffmpeg reports no progress for this long: a hung decode never holds a worker for the whole timeout. */
  stallMs?: number;
  /** Seconds of output written so far, as ffmpeg reports them (`-progress pipe:1`). */
  onProgress?(seconds: number): void;
}

/** A tool that failed: its exit and the end of what it said on stderr (ffmpeg says why there). */
export class ToolFailed extends Error {
  constructor(
    message: string,
    readonly stderr: string,
    readonly reason: 'exit' | 'timeout' | 'stalled' | 'aborted',
  ) {
    super(message);
  }
}

/** Niceness of every ffmpeg and ffprobe: the API answers first when both want the CPU (docs/video.md, "Limits"). */
const NICENESS = 10;
const STDERR_KEPT = 4000;

/**
 * Runs ffmpeg or ffprobe and answers its stdout. The child is niced, killed when `signal` aborts,
 * when it runs past `timeoutMs`, or when its progress stalls for `stallMs`; a non-zero exit throws
 * ToolFailed with the end of its stderr. Progress comes from `-progress pipe:1` lines on stdout
 * (`out_time_us`, or `out_time_ms`, which old builds also give in microseconds).
 */
export function runTool(command: string, args: string[], options: ToolRun = {}): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) return reject(new ToolFailed(`${command}: aborted before it started`, '', 'aborted'));
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    if (child.pid !== undefined) {
      try {
        setPriority(child.pid, NICENESS);
      } catch {
        // Not permitted here (some containers): it runs at the server's priority.
      }
    }
    const out: Buffer[] = [];
    let err = '';
    let ended: ToolFailed['reason'] | null = null;
    let lastProgress = Date.now();
    const stop = (why: ToolFailed['reason']) => {
      if (ended) return;
      ended = why;
      child.kill('SIGKILL');
    };
    const onAbort = () => stop('aborted');
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const timer = options.timeoutMs ? setTimeout(() => stop('timeout'), options.timeoutMs) : undefined;
    const watch = options.stallMs ? setInterval(() => Date.now() - lastProgress > options.stallMs! && stop('stalled'), Math.min(options.stallMs, 5000)) : undefined;
    let partial = '';
    child.stdout.on('data', (chunk: Buffer) => {
      if (!options.onProgress && !options.stallMs) return void out.push(chunk);
      out.push(chunk);
      partial += chunk.toString('latin1');
      const lines = partial.split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) {
        const match = /^out_time_(?:us|ms)=(\d+)/.exec(line);
        if (!match) continue;
        lastProgress = Date.now();
        options.onProgress?.(Number(match[1]) / 1e6);
      }
    });
    child.stderr.on('data', (chunk: Buffer) => {
      err = (err + chunk.toString('utf8')).slice(-STDERR_KEPT);
      // ffmpeg says something while it works even before its first progress line (probing a large file).
      lastProgress = Date.now();
    });
    child.on('error', (error) => {
      cleanup();
      reject(new ToolFailed(`${command}: ${error.message}`, err, 'exit'));
    });
    child.on('close', (code, signal) => {
      cleanup();
      if (ended) return reject(new ToolFailed(`${command}: ${ended}`, err, ended));
      if (code !== 0) return reject(new ToolFailed(`${command} exited with ${code ?? signal}`, err, 'exit'));
      resolve(Buffer.concat(out));
    });
    function cleanup() {
      options.signal?.removeEventListener('abort', onAbort);
      if (timer) clearTimeout(timer);
      if (watch) clearInterval(watch);
    }
  });
}
