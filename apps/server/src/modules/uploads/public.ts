import type { Queryable } from '#server/db/client.ts';
import { raiseEpoch } from '#server/storage/credential-epochs.ts';

/**
 * Stops every upload credential handed to this person so far (logout, a ban, deregistration), in
 * the caller's transaction. The embedded store refuses them at once; the next upload fetches new
 * ones (a person still allowed to upload gets them). S3's credentials run to their expiry.
 */
export function revokeUploadCredentials(q: Queryable, userId: string): Promise<void> {
  return raiseEpoch(q, userId);
}
