// What the endpoint offers whoever mounts it (README.md): the Fastify plugin and what it is built
// from, the credentials it checks, the key rules, and a presigner for plain HTTP clients.
export { storageEndpoint } from './endpoint.ts';
export type { EndpointDeps, EndpointEvents } from './s3-call.ts';
export { EmbeddedCredentials, loadStorageSecret, type MintedCredentials, type SessionClaims } from './credentials.ts';
export { ObjectFiles } from './object-files.ts';
export { MultipartUploads } from './multipart.ts';
export { type Reservation, type UploadQuota, noQuota } from './quota.ts';
export type { BodyGate, BodyPlan } from './body.ts';
export { S3Error } from './s3-error.ts';
export { ABANDONED_AFTER_MS, SWEEP_EVERY_MS } from './limits.ts';
export { encodeKey, isSafeKey } from './keys.ts';
export { KeyedLock } from './keyed-lock.ts';
export { NodeSha256 } from './signature.ts';
export { type PresignCredentials, presign } from './presign.ts';
