/**
 * Budget: a 1 GB video through the embedded S3 endpoint, as a multipart upload made with
 * the AWS SDK (16 MiB parts, 4 at a time, streamed bodies: aws-chunked with a CRC32 trailer, the
 * SDK's default), compared with copying the same file on the same disk; and the endpoint's peak
 * memory while it happens (target: under 200 MB). The endpoint runs in a child process
 * (bench/upload-endpoint.ts: mounted as app.ts mounts it, without the database) so that the memory
 * read is the endpoint's own; the file lives in a temp dir, removed after.
 * It prints figures; it does not fail on timing.
 *
 *   node --import tsx bench/upload.ts   (BENCH_UPLOAD_MIB: size, default 1024; BENCH_PROF=1: CPU profile of the endpoint in /tmp/prof)
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdtemp, open, readFile, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { CompleteMultipartUploadCommand, CreateMultipartUploadCommand, HeadObjectCommand, S3Client, UploadPartCommand } from '@aws-sdk/client-s3';

const MiB = 1024 * 1024;
const SIZE = Number(process.env.BENCH_UPLOAD_MIB ?? 1024) * MiB;
const PART = 16 * MiB;
const PARALLEL = 4;
const MEMORY_TARGET_MB = 200;
const repoRoot = path.resolve(import.meta.dirname, '..');

const work = await mkdtemp(path.join(tmpdir(), 'padhub-upload-bench-'));
let server: ChildProcess | undefined;
try {
  const file = path.join(work, 'video.mp4');
  const partMd5s = await writeTestFile(file);

  // Two baselines: the kernel's copy (what `cp` does), and bytes read and written by JavaScript.
  const copySeconds = await timed(() => copyFile(file, path.join(work, 'copy.mp4')));
  await rm(path.join(work, 'copy.mp4'));
  const streamSeconds = await timed(() =>
    pipeline(createReadStream(file, { highWaterMark: MiB }), createWriteStream(path.join(work, 'copy.mp4'))),
  );
  await rm(path.join(work, 'copy.mp4'));

  const started = await startEndpoint(path.join(work, 'data'));
  server = started.child;
  const memory = sampleMemory(started.child.pid!);
  const { creds } = started;
  const s3 = new S3Client({
    endpoint: creds.endpoint,
    region: creds.region,
    forcePathStyle: true,
    credentials: { accessKeyId: creds.accessKeyId, secretAccessKey: creds.accessKeySecret, sessionToken: creds.sessionToken },
  });
  const key = `${creds.prefix}${Date.now()}-bnch.mp4`;
  const baselineMb = await memory.currentMb();

  let etag: string | undefined;
  const uploadSeconds = await timed(async () => {
    etag = await upload(s3, creds.bucket, key, file);
  });
  const peak = await memory.stop();

  const head = await s3.send(new HeadObjectCommand({ Bucket: creds.bucket, Key: key }));
  const expectedEtag = `"${createHash('md5').update(Buffer.concat(partMd5s)).digest('hex')}-${partMd5s.length}"`;
  const mb = SIZE / MiB;
  console.log(`file:                  ${mb} MiB, ${partMd5s.length} parts of ${PART / MiB} MiB, ${PARALLEL} in parallel`);
  console.log(`copy on the same disk: ${(mb / copySeconds).toFixed(0)} MB/s (${copySeconds.toFixed(1)} s, fs.copyFile, as cp)`);
  console.log(`streamed copy:         ${(mb / streamSeconds).toFixed(0)} MB/s (${streamSeconds.toFixed(1)} s, read + write in Node)`);
  console.log(`upload to /storage:    ${(mb / uploadSeconds).toFixed(0)} MB/s (${uploadSeconds.toFixed(1)} s, client and endpoint on the same ${availableParallelism()} cores)`);
  console.log(`ratio upload/copy:     ${(copySeconds / uploadSeconds).toFixed(2)} of cp, ${(streamSeconds / uploadSeconds).toFixed(2)} of the streamed copy`);
  const intact = head.ContentLength === SIZE && etag === expectedEtag;
  console.log(`stored object:         ${intact ? 'complete, ETag matches the parts' : `WRONG (${head.ContentLength} bytes, ${etag})`}`);
  // A wrong object is a failure whatever the timing.
  if (!intact) process.exitCode = 1;
  console.log(`server memory:         ${baselineMb.toFixed(0)} MB before, peak ${peak.sampledMb.toFixed(0)} MB sampled during the upload, VmHWM ${peak.hwmMb.toFixed(0)} MB (target < ${MEMORY_TARGET_MB} MB: ${peak.hwmMb < MEMORY_TARGET_MB ? 'ok' : 'OVER BUDGET'})`);
} finally {
  server?.kill('SIGTERM');
  await rm(work, { recursive: true, force: true });
}

async function timed(task: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await task();
  return (performance.now() - started) / 1000;
}

/** Writes SIZE bytes of incompressible data (one random 16 MiB block, varied per part) and answers each part's MD5. */
async function writeTestFile(file: string): Promise<Buffer[]> {
  const block = Buffer.alloc(PART);
  for (let i = 0; i < PART; i += 65536) block.set(createHash('sha512').update(String(i)).digest(), i);
  const handle = await open(file, 'w');
  const md5s: Buffer[] = [];
  try {
    for (let offset = 0, n = 0; offset < SIZE; offset += PART, n++) {
      const part = block.subarray(0, Math.min(PART, SIZE - offset));
      part.writeUInt32BE(n, 0);
      await handle.write(part, 0, part.length, offset);
      md5s.push(createHash('md5').update(part).digest());
    }
  } finally {
    await handle.close();
  }
  return md5s;
}

async function startEndpoint(dataDir: string): Promise<{ child: ChildProcess; creds: Credentials }> {
  const child = spawn(process.execPath, [...(process.env.BENCH_PROF ? ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'] : []), '--import', 'tsx', 'bench/upload-endpoint.ts'], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: dataDir, STORAGE: 'embedded', STORAGE_CREDENTIAL_SECONDS: '3600' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const creds = await new Promise<Credentials>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('\n')) resolve(JSON.parse(out.slice(0, out.indexOf('\n'))) as Credentials);
    });
    child.on('exit', (code) => reject(new Error(`endpoint exited (${code}) before listening: ${out}`)));
  });
  return { child, creds };
}

interface Credentials {
  endpoint: string;
  region: string;
  bucket: string;
  prefix: string;
  accessKeyId: string;
  accessKeySecret: string;
  sessionToken: string;
}

async function upload(s3: S3Client, bucket: string, key: string, file: string): Promise<string | undefined> {
  const { UploadId } = await s3.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: key, ContentType: 'video/mp4' }));
  const count = Math.ceil(SIZE / PART);
  const etags: string[] = [];
  let next = 0;
  const worker = async () => {
    for (let n = next++; n < count; n = next++) {
      const start = n * PART;
      const length = Math.min(PART, SIZE - start);
      // A stream of unknown content: the SDK sends it aws-chunked with a CRC32 trailer, as a phone's file would go.
      const Body = createReadStream(file, { start, end: start + length - 1, highWaterMark: MiB });
      const answer = await s3.send(new UploadPartCommand({ Bucket: bucket, Key: key, UploadId, PartNumber: n + 1, Body, ContentLength: length }));
      etags[n] = answer.ETag ?? '';
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  const done = await s3.send(
    new CompleteMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId, MultipartUpload: { Parts: etags.map((ETag, i) => ({ ETag, PartNumber: i + 1 })) } }),
  );
  return done.ETag;
}

/** Samples the server's resident memory every 50 ms; VmHWM is the kernel's own peak. */
function sampleMemory(pid: number) {
  const read = async (field: 'VmRSS' | 'VmHWM') => {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    return Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) / 1024;
  };
  let sampledMb = 0;
  const timer = setInterval(() => {
    read('VmRSS').then((mb) => (sampledMb = Math.max(sampledMb, mb)), () => undefined);
  }, 50);
  return {
    currentMb: () => read('VmRSS'),
    stop: async () => {
      clearInterval(timer);
      return { sampledMb, hwmMb: await read('VmHWM') };
    },
  };
}
