import { timingSafeEqual } from 'node:crypto';
import type { ConfigImport, DataExport, Lang, Organisation } from '@padhub/contracts';
import type { PrivacyConfig } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import type { Member } from '#server/http/session.ts';
import type { JobQueue } from '#server/jobs/queue.ts';
import { fail } from '#server/lib/errors.ts';
import type { ConfigsService } from '#server/modules/configs/public.ts';
import type { ObjectBody, ObjectStore } from '#server/storage/object-store.ts';
import { type ExportRow, type ExportsRepo } from './exports-repo.ts';
import { buildExportJob } from './jobs.ts';

/** The signed link of a ready archive: outside the tenant's routes, since a browser's download sends no headers. */
const linkOf = (row: ExportRow) => `/api/exports/${row.id}/archive?key=${row.link_key}`;

function toExport(row: ExportRow): DataExport {
  const ready = row.status === 'ready' && row.link_key !== null && row.expires_at !== null && row.expires_at.getTime() > Date.now();
  // Past its time but before its job ran: already expired for the person.
  const status = row.status === 'ready' && !ready ? 'expired' : row.status;
  return {
    id: row.id,
    status,
    createdAt: row.created_at.toISOString(),
    ...(ready ? { url: linkOf(row), expiresAt: row.expires_at!.toISOString() } : {}),
  };
}

/** Your data (docs/privacy.md): asking for an archive, listing them, downloading one, importing configurations. */
export class PrivacyService {
  constructor(
    private readonly db: Db,
    private readonly repos: { exports: ExportsRepo },
    private readonly store: ObjectStore,
    private readonly queue: JobQueue,
    private readonly configs: ConfigsService,
    private readonly config: PrivacyConfig,
  ) {}

  /** One archive a week (EXPORT_EVERY_DAYS): a failed one does not count. Its index.html speaks the language asked in. */
  async ask(person: Member, lang: Lang): Promise<DataExport> {
    await this.queue.start();
    const row = await this.db.tx(async (q) => {
      const repo = this.repos.exports.on(q);
      const newest = await repo.newestCounted(person.userId);
      const nextAt = newest ? newest.created_at.getTime() + this.config.exportEverySeconds * 1000 : 0;
      if (nextAt > Date.now()) throw fail('export_too_soon', { data: { nextAt: new Date(nextAt).toISOString(), date: new Date(nextAt).toISOString().slice(0, 10) } });
      const made = await repo.insert(person.orgId, person.userId, lang);
      await this.queue.send(buildExportJob, { exportId: made.id }, { q });
      return made;
    });
    return toExport(row);
  }

  async list(person: Member): Promise<DataExport[]> {
    return (await this.repos.exports.list(person.userId)).map(toExport);
  }

  /** The archive behind a signed link, while the link lives; not found otherwise (a wrong key says no more than a wrong id). */
  async download(id: string, key: string): Promise<ObjectBody> {
    const row = await this.repos.exports.find(id);
    const live = row?.status === 'ready' && row.link_key !== null && row.object_key !== null && row.expires_at !== null && row.expires_at.getTime() > Date.now();
    if (!live || !sameKey(row.link_key!, key)) throw fail('not_found');
    const object = await this.store.get(row.object_key!);
    if (!object) throw fail('not_found');
    return object;
  }

  /** Configurations from an archive's configs.json, checked and saved as new ones, as the person's own. */
  async importConfigs(person: Member, org: Organisation, input: ConfigImport): Promise<{ ids: string[] }> {
    return { ids: await this.configs.importMany(person, org, input.configs) };
  }
}

function sameKey(kept: string, given: string): boolean {
  const [a, b] = [Buffer.from(kept), Buffer.from(given)];
  return a.length === b.length && timingSafeEqual(a, b);
}
