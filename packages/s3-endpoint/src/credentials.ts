import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** What a session token grants. */
export interface SessionClaims {
  accessKeyId: string;
  orgId: string;
  userId: string;
  /** Keys the holder may write start with this. */
  prefix: string;
  /**
   * `upload`: PutObject and the multipart calls, like the S3 session policy. `full` also deletes:
   * only the server's own credentials (the S3 store tested against this endpoint) carry it.
   */
  access: 'upload' | 'full';
  expiresAt: Date;
  /** The person's credential epoch when minted (`storage/credential-epochs.ts`); older than the current one: revoked. */
  epoch: number;
}

export interface MintedCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken: string;
  expiration: Date;
}

const TOKEN_VERSION = 'v1';

/**
 * Stateless credentials for the embedded endpoint. The session token is its claims plus an HMAC of
 * them under the storage secret; the secret access key is another HMAC of the same claims, so the
 * endpoint re-derives it from the token alone: nothing is stored, and nothing outlives its expiry.
 */
export class EmbeddedCredentials {
  constructor(private readonly secret: string) {}

  mint(claims: Omit<SessionClaims, 'accessKeyId' | 'epoch'> & { epoch?: number }): MintedCredentials {
    const accessKeyId = `PH${randomBytes(9).toString('hex').toUpperCase()}`;
    const payload = Buffer.from(
      JSON.stringify({
        k: accessKeyId,
        o: claims.orgId,
        u: claims.userId,
        p: claims.prefix,
        a: claims.access,
        e: Math.floor(claims.expiresAt.getTime() / 1000),
        n: claims.epoch ?? 0,
      }),
    ).toString('base64url');
    return {
      accessKeyId,
      secretAccessKey: this.secretKeyOf(payload),
      sessionToken: `${TOKEN_VERSION}.${payload}.${this.mac('token', payload).toString('base64url')}`,
      expiration: new Date(Math.floor(claims.expiresAt.getTime() / 1000) * 1000),
    };
  }

  /**
   * The claims and secret key behind a token whose HMAC is right; null for anything forged or
   * malformed. Expiry is not checked here: the caller answers ExpiredToken only after the signature
   * proved the caller holds the secret.
   */
  open(token: string): { claims: SessionClaims; secretAccessKey: string } | null {
    const [version, payload, mac, extra] = token.split('.');
    if (version !== TOKEN_VERSION || !payload || !mac || extra !== undefined) return null;
    const given = Buffer.from(mac, 'base64url');
    const expected = this.mac('token', payload);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    try {
      const c = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
      if (typeof c.k !== 'string' || typeof c.o !== 'string' || typeof c.u !== 'string' || typeof c.p !== 'string' || typeof c.e !== 'number' || (c.a !== 'upload' && c.a !== 'full')) return null;
      const epoch = typeof c.n === 'number' ? c.n : 0;
      const claims: SessionClaims = { accessKeyId: c.k, orgId: c.o, userId: c.u, prefix: c.p, access: c.a, expiresAt: new Date(c.e * 1000), epoch };
      return { claims, secretAccessKey: this.secretKeyOf(payload) };
    } catch {
      return null;
    }
  }

  private secretKeyOf(payload: string): string {
    return this.mac('secret-key', payload).toString('base64url');
  }

  private mac(purpose: string, payload: string): Buffer {
    return createHmac('sha256', this.secret).update(`padhub-storage/${purpose}/${payload}`).digest();
  }
}

/**
 * The signing secret: STORAGE_SECRET, or one generated on first start and kept (mode 600) in the
 * data directory, so credentials handed out before a restart keep working after it.
 */
export async function loadStorageSecret(configured: string | undefined, file: string): Promise<string> {
  if (configured) return configured;
  try {
    const kept = (await readFile(file, 'utf8')).trim();
    if (kept.length < 32) throw new Error(`${file} holds no usable storage secret; delete it to make a new one (credentials issued before then stop working)`);
    return kept;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(path.dirname(file), { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  // Written whole under another name, then linked into place: a process killed while writing
  // leaves no half secret behind, and the link fails if another process put theirs there first.
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  try {
    await writeFile(temp, `${secret}\n`, { mode: 0o600, flag: 'wx', flush: true });
    // A filesystem without hard links (FAT) gets the plain exclusive write.
    await link(temp, file).catch((error: NodeJS.ErrnoException) =>
      error.code === 'EEXIST' ? Promise.reject(error) : writeFile(file, `${secret}\n`, { mode: 0o600, flag: 'wx' }),
    );
    return secret;
  } catch (error) {
    // Another process started at the same moment and wrote it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return (await readFile(file, 'utf8')).trim();
    throw error;
  } finally {
    await rm(temp, { force: true });
  }
}
