import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { languages, passwordSchema, roleSchema, usernameSchema } from '@padhub/contracts';
import { loadConfig } from './config.ts';
import { type Db, openDb } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { hashPassword } from './modules/accounts/passwords.ts';
import { AccountsRepo } from './modules/accounts/repo.ts';
import { OrganisationsRepo } from './modules/organisations/repo.ts';

/**
 * Running Padhub for real needs an organisation and its first admin before anyone registers:
 *   npm run admin -- org:create --id acme --name "Acme" --language en --currency USD --moderation post --models "pro-2=Acme Pro 2,lite=Acme Lite"
 *   npm run admin -- user:create --org acme --username alice --role admin   (password: PADHUB_PASSWORD, or one is made and printed)
 *   npm run admin -- user:role --org acme --username bob --role moderator
 *   npm run admin -- org:update --id acme --moderation pre   (also --name, --language, --currency, --models)
 * It uses the server's configuration (DATABASE_URL or the embedded database under DATA_DIR).
 */
const usage = `usage: npm run admin -- <org:create|user:create|user:role> [options]
  org:create  --id --name --language (cn|en|jp|ko) --currency (ISO 4217) --moderation (pre|post) --models "id=Name,…"
  org:update  --id and any of --name --language --currency --moderation --models
  user:create --org --username [--nickname] [--role user|moderator|admin]   (password: PADHUB_PASSWORD or printed)
  user:role   --org --username --role user|moderator|admin`;

const orgSchema = z.object({
  id: z.string().regex(/^[a-z0-9][a-z0-9-]{1,62}$/, 'lowercase letters, digits and "-"'),
  name: z.string().trim().min(1).max(80),
  language: z.enum(languages),
  currency: z.string().regex(/^[A-Z]{3}$/, 'an ISO 4217 code such as USD'),
  moderation: z.enum(['pre', 'post']),
  models: z
    .string()
    .transform((text) => text.split(',').map((pair) => pair.split('=').map((part) => part.trim())))
    .pipe(z.array(z.tuple([z.string().regex(/^[a-z0-9][a-z0-9-]{0,31}$/), z.string().min(1).max(60)])).min(1)),
});

export async function runAdmin(argv: string[], db: Db, env: Record<string, string | undefined> = process.env): Promise<string> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: Object.fromEntries(['id', 'name', 'language', 'currency', 'moderation', 'models', 'org', 'username', 'nickname', 'role'].map((o) => [o, { type: 'string' as const }])),
  });
  const orgs = new OrganisationsRepo(db);
  switch (positionals[0]) {
    case 'org:create': {
      const o = orgSchema.parse(values);
      if (await orgs.find(o.id)) throw new Error(`organisation ${o.id} exists already`);
      await orgs.insert({
        id: o.id,
        name: o.name,
        defaultLanguage: o.language,
        currency: o.currency,
        moderationMode: o.moderation,
        models: o.models.map(([id, name]) => ({ id, name })),
      });
      return `created organisation ${o.id}`;
    }
    case 'org:update': {
      const id = await requireOrg(orgs, values.id);
      const o = orgSchema.partial().parse(values);
      const changes: [string, unknown][] = [
        ['name', o.name],
        ['default_language', o.language],
        ['currency', o.currency],
        ['moderation_mode', o.moderation],
        ['models', o.models && JSON.stringify(o.models.map(([modelId, name]) => ({ id: modelId, name })))],
      ].filter(([, value]) => value !== undefined) as [string, unknown][];
      if (changes.length === 0) throw new Error('nothing to change: give --name, --language, --currency, --moderation or --models');
      await db.query(`update organisations set ${changes.map(([column], i) => `${column} = $${i + 2}`).join(', ')} where id = $1`, [id, ...changes.map(([, v]) => v)]);
      return `updated organisation ${id} (${changes.map(([column]) => column).join(', ')}); running servers see it within 30 seconds`;
    }
    case 'user:create': {
      const org = await requireOrg(orgs, values.org);
      const username = usernameSchema.parse(values.username);
      const role = roleSchema.parse(values.role ?? 'user');
      const given = env.PADHUB_PASSWORD;
      const password = given ? passwordSchema.parse(given) : randomBytes(12).toString('base64url');
      const user = await new AccountsRepo(db).insertUser({ orgId: org, username, nickname: values.nickname ?? username, role, passwordHash: await hashPassword(password) });
      if (!user) throw new Error(`username ${username} is taken in ${org}`);
      return given ? `created ${role} ${username} in ${org}` : `created ${role} ${username} in ${org}; password (shown once): ${password}`;
    }
    case 'user:role': {
      const org = await requireOrg(orgs, values.org);
      const role = roleSchema.parse(values.role);
      const [row] = await db.query<{ id: string }>('update users set role = $3 where org_id = $1 and username_key = $2 returning id', [org, String(values.username ?? '').toLowerCase(), role]);
      if (!row) throw new Error(`no user ${values.username} in ${org}`);
      return `${values.username} is now ${role} in ${org}`;
    }
    default:
      throw new Error(usage);
  }
}

async function requireOrg(orgs: OrganisationsRepo, id: string | undefined) {
  if (!id || !(await orgs.find(id))) throw new Error(`no organisation ${id ?? '(missing --org)'}`);
  return id;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const config = loadConfig();
  const db = await openDb({ url: config.databaseUrl, dir: `${config.dataDir}/db` });
  try {
    await migrate(db);
    console.log(await runAdmin(process.argv.slice(2), db));
  } catch (error) {
    console.error(error instanceof z.ZodError ? error.issues.map((i) => `--${i.path.join('.')}: ${i.message}`).join('\n') : (error as Error).message);
    process.exitCode = 1;
  } finally {
    await db.close();
  }
}
