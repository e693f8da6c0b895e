import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import { AccountsRepo } from '#server/modules/accounts/repo.ts';
import { hashPassword } from '#server/modules/accounts/passwords.ts';
import { OrganisationsRepo } from '#server/modules/organisations/repo.ts';
import type { ObjectStore } from '#server/storage/object-store.ts';
import { seedCommunity } from './community/index.ts';
import { seedConfigs } from './configs/index.ts';
import { seedShop } from './shop/index.ts';
import { DEMO_PASSWORD, demoUsers, seedOrganisations } from './organisations.ts';
import { trustEveryone } from '#server/modules/safety/public.ts';

interface SeedDeps {
  db: Db;
  config: Pick<Config, 'defaultOrgId'>;
  /** Where the demo posts' pictures go; without it they have none. */
  store?: ObjectStore;
}

/** Demo data, written once, on a database that has no organisation yet; a restart keeps what is there. */
export async function seedIfEmpty({ db, config, store }: SeedDeps): Promise<boolean> {
  if ((await new OrganisationsRepo(db).count()) > 0) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const orgs = seedOrganisations(config.defaultOrgId);
  // One transaction: a crash half-way leaves an empty database, which the next start seeds again.
  await db.tx(async (q) => {
    const orgRepo = new OrganisationsRepo(q);
    const accounts = new AccountsRepo(q);
    for (const org of orgs) {
      await orgRepo.insert(org);
      for (const user of demoUsers) {
        await accounts.insertUser({ orgId: org.id, username: user.username, nickname: user.nickname, role: user.role, passwordHash });
      }
    }
    const [main, other] = orgs;
    if (main && other) {
      await seedCommunity(q, {
        orgId: main.id,
        otherOrgId: other.id,
        models: main.models.map((m) => m.id),
        otherModels: other.models.map((m) => m.id),
        passwordHash,
        demoUsername: demoUsers[0].username,
        store,
      });
      await seedConfigs(q, { orgId: main.id, otherOrgId: other.id, models: main.models.map((m) => m.id), otherModels: other.models.map((m) => m.id) });
      await seedShop(q, { orgId: main.id, otherOrgId: other.id, store });
    }
    // The demo's people are trusted: an admin who turns the new-account limits on holds new sign-ups, not them.
    await trustEveryone(q, orgs.map((org) => org.id));
  });
  return true;
}
