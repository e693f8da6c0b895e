import type { Organisation } from '@padhub/contracts';
import type { Queryable } from '#server/db/client.ts';

interface OrganisationRow {
  id: string;
  name: string;
  default_language: Organisation['defaultLanguage'];
  currency: string;
  moderation_mode: Organisation['moderationMode'];
  models: Organisation['models'];
}

const CACHE_MS = 30_000;

export class OrganisationsRepo {
  // Every request looks its organisation up; they change rarely, so a short cache spares the database.
  private cache = new Map<string, { org: Organisation | undefined; until: number }>();

  constructor(private readonly db: Queryable) {}

  async find(id: string): Promise<Organisation | undefined> {
    const hit = this.cache.get(id);
    if (hit && hit.until > Date.now()) return hit.org;
    const [row] = await this.db.query<OrganisationRow>(
      'select id, name, default_language, currency, moderation_mode, models from organisations where id = $1',
      [id],
    );
    const org = row && {
      id: row.id,
      name: row.name,
      defaultLanguage: row.default_language,
      currency: row.currency,
      moderationMode: row.moderation_mode,
      models: row.models,
    };
    // Unknown ids are not cached: anyone could fill the map with made-up organisation ids.
    if (org) this.cache.set(id, { org, until: Date.now() + CACHE_MS });
    return org;
  }

  async insert(org: Organisation) {
    await this.db.query(
      `insert into organisations (id, name, default_language, currency, moderation_mode, models)
       values ($1, $2, $3, $4, $5, $6) on conflict (id) do nothing`,
      [org.id, org.name, org.defaultLanguage, org.currency, org.moderationMode, JSON.stringify(org.models)],
    );
    this.cache.delete(org.id);
  }

  async count(): Promise<number> {
    const [row] = await this.db.query<{ n: number }>('select count(*)::int as n from organisations');
    return row?.n ?? 0;
  }
}
