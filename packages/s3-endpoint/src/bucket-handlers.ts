import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { planBody } from './body.ts';
import type { S3Call } from './s3-call.ts';
import { authenticate } from './signature.ts';

/** CreateBucket's body is at most a CreateBucketConfiguration: a few hundred bytes. */
const CONFIG_MAX_BYTES = 64 * 1024;

/*
 * The bucket-level calls S3 tools make before they upload (rclone's bucket check, the AWS CLI's
 * and SDKs' region lookups), answered for the one bucket that exists, so they work without flags.
 * Each takes any valid credentials, as S3 answers them to whoever may use the bucket.
 */

function check(call: S3Call) {
  return authenticate(
    { method: call.req.method, rawPath: call.rawPath, query: call.query, headers: call.req.headers },
    { region: call.deps.region, credentials: call.deps.credentials },
  );
}

/** HeadBucket: the bucket exists (public, as reads are). */
export function headBucket(call: S3Call) {
  return call.reply.header('x-amz-bucket-region', call.deps.region).send();
}

/**
 * CreateBucket of the bucket that exists: answered as S3 in us-east-1 answers its owner (200), so a
 * client that "makes sure the bucket exists" carries on. Nothing is created; no other bucket can be.
 */
export async function createBucket(call: S3Call) {
  const auth = await check(call);
  const plan = planBody(call.req.headers, auth.payloadHash, CONFIG_MAX_BYTES);
  await pipeline([call.req.raw, ...plan.transforms, new Writable({ write: (_chunk, _encoding, done) => done() })]);
  plan.finish();
  return call.reply.header('location', `/${call.deps.bucket}`).send();
}

/** GetBucketLocation: empty for us-east-1, as S3 answers. */
export async function getBucketLocation(call: S3Call) {
  await check(call);
  const region = call.deps.region === 'us-east-1' ? '' : call.deps.region;
  return call.reply
    .type('application/xml')
    .send(`<?xml version="1.0" encoding="UTF-8"?>\n<LocationConstraint xmlns="http://s3.amazonaws.com/doc/2006-03-01/">${region}</LocationConstraint>`);
}
