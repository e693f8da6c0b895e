import { DEREGISTERED_STATE, type Role } from '@padhub/contracts';
import { hashPassword } from '#server/modules/accounts/passwords.ts';
import { AccountsRepo } from '#server/modules/accounts/repo.ts';
import { hashToken, newToken } from '#server/modules/accounts/tokens.ts';
import { insertPost } from '#server/modules/community/posts-repo.ts';
import { ORG, OTHER_ORG, type TestApp } from '#server-test/helper.ts';

/** Everyone the authorisation matrix asks. */
export const actorNames = [
  'anonymous',
  'owner',
  'other',
  'blacklisted',
  'banned',
  'deregistered',
  'moderator',
  'otherOrgModerator',
  'admin',
] as const;
export type ActorName = (typeof actorNames)[number];

export interface Person {
  id: string;
  username: string;
  org: string;
  headers: Record<string, string>;
}

export const PASSWORD = 'correct horse battery';
const passwordHash = await hashPassword(PASSWORD);
let counter = 0;

/**
 * A fresh cast for one request: the owner of the target, another member, someone the owner
 * blacklisted, a banned member, a deregistered one (their token died with the account), this
 * organisation's moderator and admin, and a moderator of the other organisation (asking in their
 * own, where nothing of ours exists). Written straight to the database: hundreds are needed.
 */
export class World {
  private constructor(
    readonly app: TestApp,
    readonly people: Record<Exclude<ActorName, 'anonymous'>, Person>,
  ) {}

  static async create(app: TestApp): Promise<World> {
    const person = (role: Role = 'user', org = ORG) => createPerson(app, role, org);
    const people = {
      owner: await person(),
      other: await person(),
      blacklisted: await person(),
      banned: await person(),
      deregistered: await person(),
      moderator: await person('moderator'),
      otherOrgModerator: await person('moderator', OTHER_ORG),
      admin: await person('admin'),
    };
    await app.db.query(`insert into user_blocks (user_id, target_id, kind, org_id) values ($1, $2, 'blacklist', $3)`, [people.owner.id, people.blacklisted.id, ORG]);
    await app.db.query(`update users set banned_until = now() + interval '7 days' where id = $1`, [people.banned.id]);
    await new AccountsRepo(app.db).deregister(people.deregistered.id, DEREGISTERED_STATE);
    return new World(app, people);
  }

  /** The headers the actor sends: anonymous sends the organisation only. */
  headersOf(actor: ActorName): Record<string, string> {
    return actor === 'anonymous' ? { accorgid: ORG } : this.people[actor].headers;
  }

  get owner() {
    return this.people.owner;
  }

  post(author: Person = this.owner): Promise<string> {
    return insertPost(this.app.db, { orgId: author.org, authorId: author.id, content: 'A post for the matrix', lang: 'cn' });
  }

  /** A comment by `author` (the owner by default) on `postId`, through the API as they would write it. */
  async comment(postId: string, author: Person = this.owner): Promise<string> {
    const res = await this.app.inject({ method: 'POST', url: `/api/posts/${postId}/comments`, headers: author.headers, payload: { content: 'A comment for the matrix' } });
    if (res.statusCode !== 200) throw new Error(`comment failed: ${res.body}`);
    return res.json().data.id;
  }

  /** The id of a second session of the owner's (logged in elsewhere), which only the owner may end. */
  async otherSessionOfOwner(): Promise<string> {
    const hash = hashToken(newToken());
    await new AccountsRepo(this.app.db).insertSession(hash, this.owner.id, this.owner.org);
    const [row] = await this.app.db.query<{ id: string }>('select id::text as id from sessions where token_hash = $1', [hash]);
    return row!.id;
  }

  /** An open report (by another member) on the target, so moderators have a case to decide. */
  async reported(targetType: 'post' | 'comment', targetId: string): Promise<void> {
    const res = await this.app.inject({
      method: 'POST',
      url: '/api/reports',
      headers: this.people.other.headers,
      payload: { targetType, targetId, reason: 'spam' },
    });
    if (res.statusCode !== 200) throw new Error(`report failed: ${res.body}`);
  }
}

async function createPerson(app: TestApp, role: Role, org: string): Promise<Person> {
  const username = `m${process.pid}x${++counter}`;
  const accounts = new AccountsRepo(app.db);
  const row = await accounts.insertUser({ orgId: org, username, passwordHash, nickname: username, role });
  const token = newToken();
  await accounts.insertSession(hashToken(token), row!.id, org);
  return { id: row!.id, username, org, headers: { accorgid: org, token } };
}
