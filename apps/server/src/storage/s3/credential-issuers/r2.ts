import type { CredentialIssuerConfig } from '#server/storage/config.ts';
import { type CredentialGrant, type CredentialIssuer, type IssuedCredentials, ISSUER_TIMEOUT_MS, readJson } from './issuer.ts';

type R2Settings = Extract<CredentialIssuerConfig, { kind: 'r2' }>;

/**
 * Cloudflare R2's temporary credentials: POST /accounts/{account_id}/r2/temp-access-credentials
 * with an API token, scoped to the bucket and the user's prefix
 * (https://developers.cloudflare.com/r2/api/s3/temporary-credentials/, request and answer fields
 * from the API reference "Create Temporary Access Credentials"). The keys derive from the parent
 * R2 token (`parentAccessKeyId`) and can do no more than it can.
 *
 * `object-read-write` is the narrowest permission that writes: the holder may also read and delete
 * under the prefix, and R2 has no conditional-write policy key, so uploads are not write-once on R2
 * (docs/storage.md, "What holds on each store").
 */
export class R2Issuer implements CredentialIssuer {
  constructor(
    private readonly bucket: string,
    private readonly settings: R2Settings,
  ) {}

  async issue({ prefix, seconds }: CredentialGrant): Promise<IssuedCredentials> {
    // Taken before the call: the keys cannot outlive what we tell the client.
    const expiration = new Date(Date.now() + seconds * 1000);
    const res = await fetch(`${this.settings.apiEndpoint}/accounts/${this.settings.accountId}/r2/temp-access-credentials`, {
      method: 'POST',
      headers: { authorization: `Bearer ${this.settings.apiToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        bucket: this.bucket,
        parentAccessKeyId: this.settings.parentAccessKeyId,
        permission: 'object-read-write',
        ttlSeconds: seconds,
        prefixes: [prefix],
      }),
      signal: AbortSignal.timeout(ISSUER_TIMEOUT_MS),
    });
    const answer = (await readJson(res, 'Cloudflare API')) as TempCredentialsAnswer;
    if (!res.ok || answer.success === false) {
      const errors = (answer.errors ?? []).map((e) => `${e.code ?? '?'} ${e.message ?? ''}`).join('; ');
      throw new Error(`R2 temp-access-credentials answered ${res.status}: ${errors || 'no errors given'}`);
    }
    const c = answer.result;
    if (!c?.accessKeyId || !c.secretAccessKey || !c.sessionToken) throw new Error('R2 temp-access-credentials answered without credentials');
    return { accessKeyId: c.accessKeyId, secretAccessKey: c.secretAccessKey, sessionToken: c.sessionToken, expiration };
  }
}

/** Cloudflare's v4 envelope: `{success, errors: [{code, message}], messages, result}`. */
interface TempCredentialsAnswer {
  success?: boolean;
  errors?: { code?: number; message?: string }[];
  result?: { accessKeyId?: string; secretAccessKey?: string; sessionToken?: string } | null;
}
