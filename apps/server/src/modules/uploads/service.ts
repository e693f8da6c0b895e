import type { StorageCredentials } from '@padhub/contracts';
import type { Queryable } from '#server/db/client.ts';
import type { AbuseLimits } from '#server/lib/abuse-limits.ts';
import { currentEpoch } from '#server/storage/credential-epochs.ts';
import type { ObjectStore, UploadCredentials } from '#server/storage/object-store.ts';
import type { SessionUser } from '#server/http/session.ts';

/** Remembered credentials at most: a day's worth of active uploaders on one process, a few MB. */
const KEPT = 10_000;

export class UploadsService {
  /** By organisation, user and origin: what was last issued, handed out again while fresh. */
  private readonly issued = new Map<string, { c: UploadCredentials; at: number }>();

  constructor(
    private readonly store: ObjectStore,
    private readonly limits: AbuseLimits,
    private readonly db: Queryable,
  ) {}

  /**
   * Credentials that let this user upload under `u/<org>/<user>/` for a short while (at most an
   * hour) and do nothing else. `origin` is how the client reached us: the embedded endpoint is there.
   */
  async credentials(user: SessionUser, origin: string, ip: string): Promise<StorageCredentials> {
    // The epoch is part of what is remembered: after a logout (on any process) new ones are minted.
    const epoch = await currentEpoch(this.db, user.id);
    const key = `${user.organisationId}\n${user.id}\n${origin}\n${epoch}`;
    const kept = this.issued.get(key);
    // The web app fetches credentials at every start once logged in, readers included; handing
    // back fresh ones already issued keeps opening the app from counting as uploading, so neither
    // a busy reader nor many people behind one carrier address are ever refused for it. They are
    // reused while more than half their life is left, so whoever receives them has time to upload.
    const fresh = kept && kept.c.expiration.getTime() - Date.now() > (kept.c.expiration.getTime() - kept.at) / 2;
    const c = fresh ? kept.c : await this.mint(key, user, origin, ip, epoch);
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

  /** The 'upload' policy counts credentials minted: a client asks again only when they expire. */
  private async mint(key: string, user: SessionUser, origin: string, ip: string, epoch: number): Promise<UploadCredentials> {
    await this.limits.enforce('upload', user.id, ip);
    const at = Date.now();
    const c = await this.store.issueCredentials({ orgId: user.organisationId, userId: user.id, origin, epoch });
    if (this.issued.size >= KEPT) this.issued.clear();
    this.issued.set(key, { c, at });
    return c;
  }
}
