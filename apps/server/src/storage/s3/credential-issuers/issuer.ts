/** One user's grant: write under `prefix` only, for `seconds`. */
export interface CredentialGrant {
  orgId: string;
  userId: string;
  prefix: string;
  seconds: number;
}

export interface IssuedCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken: string;
  expiration: Date;
}

/**
 * How short-lived, prefix-scoped upload credentials are obtained from a store. Everything else the
 * server does with the store speaks the S3 API with its own keys (s3/store.ts).
 */
export interface CredentialIssuer {
  issue(grant: CredentialGrant): Promise<IssuedCredentials>;
}

/**
 * The store's credential service failed or answered nonsense. `statusCode` 503 makes the error
 * handler log it as a server error and answer the catalogued `unavailable`: the client may try
 * again later, and nothing about the store's answer reaches it.
 */
export class CredentialIssueError extends Error {
  readonly statusCode = 503;
}

/** Reads a JSON answer of a credential service; a non-JSON body (a proxy's error page) says so. */
export async function readJson(res: Response, service: string): Promise<unknown> {
  const text = await res.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new Error(`${service} answered ${res.status} with a body that is not JSON: ${text.slice(0, 200)}`);
  }
}

/** Credential services are called while a person waits; one that hangs must not hold the request. */
export const ISSUER_TIMEOUT_MS = 10_000;
