import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { CreateBucketCommand, GetBucketLocationCommand, HeadBucketCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { buildTestApp, registerUser } from '#server-test/helper.ts';
import { credentialsOf, expectS3Error, listen, s3With } from '#server-test/storage.ts';

const app = await buildTestApp();
const { origin, endpoint } = await listen(app);
const creds = await credentialsOf(origin, await registerUser(app));
const s3 = s3With(creds);

describe('the bucket checks S3 tools make before uploading (rclone, the AWS CLI)', () => {
  it('answers HeadBucket, an idempotent CreateBucket of the bucket and GetBucketLocation, then the upload goes on', async () => {
    expect((await s3.send(new HeadBucketCommand({ Bucket: 'padhub' }))).$metadata.httpStatusCode).toBe(200);
    expect((await s3.send(new CreateBucketCommand({ Bucket: 'padhub' }))).$metadata.httpStatusCode).toBe(200);
    // Again, with the configuration body some tools send: still fine, still nothing created.
    await s3.send(new CreateBucketCommand({ Bucket: 'padhub', CreateBucketConfiguration: { LocationConstraint: 'us-west-2' } }));
    const location = await s3.send(new GetBucketLocationCommand({ Bucket: 'padhub' }));
    expect(location.LocationConstraint ?? '').toBe('');
    await s3.send(new PutObjectCommand({ Bucket: 'padhub', Key: `${creds.prefix}after-checks.txt`, Body: 'ok' }));
  });

  it('creates no other bucket, and asks for valid credentials to "create" this one', async () => {
    await expectS3Error(s3.send(new CreateBucketCommand({ Bucket: 'another' })), 'AccessDenied', 403);
    const anonymous = await fetch(`${endpoint}/padhub`, { method: 'PUT' });
    expect(anonymous.status).toBe(403);
    await expectS3Error(s3With({ ...creds, accessKeySecret: 'wrong' }).send(new GetBucketLocationCommand({ Bucket: 'padhub' })), 'SignatureDoesNotMatch', 403);
  });
});

/** rclone, where it is installed (Debian's package): the client whose bucket check used to stop it. */
const rclone = ['/usr/bin/rclone', '/usr/local/bin/rclone'].find((file) => existsSync(file));

describe.runIf(rclone)('rclone with its default settings', () => {
  it('uploads a file (its bucket check included) and the file reads back', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'padhub-rclone-'));
    const file = path.join(dir, 'hello.txt');
    writeFileSync(file, 'uploaded by rclone');
    // Only PATH and HOME of this environment: an AWS_CA_BUNDLE or AWS_PROFILE set here is not rclone's default.
    const env = {
      PATH: process.env.PATH,
      HOME: dir,
      RCLONE_CONFIG: path.join(dir, 'none.conf'),
      RCLONE_S3_PROVIDER: 'Other',
      RCLONE_S3_ACCESS_KEY_ID: creds.accessKeyId,
      RCLONE_S3_SECRET_ACCESS_KEY: creds.accessKeySecret,
      RCLONE_S3_SESSION_TOKEN: creds.sessionToken,
      RCLONE_S3_ENDPOINT: endpoint,
      RCLONE_S3_REGION: 'us-east-1',
      RCLONE_S3_FORCE_PATH_STYLE: 'true',
    };
    await promisify(execFile)(rclone!, ['copyto', file, `:s3:padhub/${creds.prefix}rclone.txt`], { env, timeout: 30_000 });
    expect(await (await fetch(`${endpoint}/padhub/${creds.prefix}rclone.txt`)).text()).toBe('uploaded by rclone');
  }, 40_000);
});
