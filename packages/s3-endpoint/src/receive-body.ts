import { rm } from 'node:fs/promises';
import { type ReceivedBody, planBody } from './body.ts';
import type { S3Call } from './s3-call.ts';
import type { Authenticated } from './signature.ts';

/**
 * Receives the request's body (PutObject, UploadPart) into a temp file, within `maxBytes` and the
 * writer's quota, and hands it to `keep`. Whatever fails on the way — the body, its checksum, `keep`
 * — the temp file goes and the quota's reservation is given back; once kept, the quota is charged
 * what was stored.
 */
export async function receiveBody<Stored extends { size: number }>(
  call: S3Call,
  auth: Authenticated,
  maxBytes: number,
  keep: (temp: string, body: ReceivedBody) => Promise<Stored>,
): Promise<Stored> {
  const { plan, usage } = await call.deps.quota.planned(auth.claims, (gate) => planBody(call.req.headers, auth.payloadHash, maxBytes, gate));
  let temp: string | undefined;
  let stored: Stored;
  try {
    temp = await call.deps.files.receive(call.req.raw, plan.transforms);
    stored = await keep(temp, plan.finish());
  } catch (error) {
    if (temp) await rm(temp, { force: true });
    await usage.release();
    throw error;
  }
  await usage.settle(stored.size);
  return stored;
}
