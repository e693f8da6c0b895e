import type { StorageCredentials } from '@padhub/contracts';
import type { AbuseLimits } from '../../lib/abuse-limits.ts';
import type { ObjectStore } from '../../storage/object-store.ts';
import type { SessionUser } from '../accounts/service.ts';

export class UploadsService {
  constructor(
    private readonly store: ObjectStore,
    private readonly limits: AbuseLimits,
  ) {}

  /**
   * Credentials that let this user upload under `u/<org>/<user>/` for a short while (at most an
   * hour) and do nothing else. `origin` is how the client reached us: the embedded endpoint is there.
   */
  async credentials(user: SessionUser, origin: string, ip: string): Promise<StorageCredentials> {
    // The 'upload' policy: every upload needs credentials, and a client asks again only when they expire.
    await this.limits.enforce('upload', user.id, ip);
    const c = await this.store.issueCredentials({ orgId: user.organisationId, userId: user.id, origin });
    return {
      region: c.region,
      accessKeyId: c.accessKeyId,
      accessKeySecret: c.secretAccessKey,
      sessionToken: c.sessionToken,
      endpoint: c.endpoint,
      endPoint: c.endpoint,
      bucket: c.bucket,
      prefix: c.prefix,
      expiration: c.expiration.toISOString(),
      pathStyle: c.pathStyle,
      publicBaseUrl: c.publicBaseUrl,
    };
  }
}
