import {
  type WatchedWord,
  type WatchedWordBody,
  type WatchedWordImport,
  type WatchedWordImportResult,
  type WatchedWordTestResult,
  watchedWordTextSchema,
  watchedWordsMax,
} from '@padhub/contracts';
import type { Db, Queryable } from '#server/db/client.ts';
import type { Staff } from '#server/http/staff.ts';
import { fail } from '#server/lib/errors.ts';
import { type Screening, WatchedWords, ruleKey } from '#server/lib/watched-words/matcher.ts';
import type { Usage } from '#server/lib/usage.ts';
import type { TextScreen } from '#server/lib/watched-words/screen.ts';
import { writeAudit } from '#server/modules/audit/public.ts';
import { announceQueue } from '#server/modules/community/public.ts';
import { type ReportsRepo } from './reports-repo.ts';
import { type WatchedWordsRepo } from './watched-words-repo.ts';

/**
 * An organisation's watched words: kept by its admins (every change with its audit line, in the
 * change's transaction), and checked against every text its members write. Each process keeps one
 * compiled matcher per organisation with the version it was built from, and asks the database for
 * the version before each check: one indexed read, and a change made through any process holds
 * in every process from its next check on.
 */
export class WatchedWordsService implements TextScreen {
  private readonly compiled = new Map<string, { version: string; words: WatchedWords }>();

  constructor(
    private readonly db: Db,
    private readonly repos: { watchedWords: WatchedWordsRepo; reports: ReportsRepo },
    /** Where members' texts' hits are counted for the console's insights (lib/usage.ts). */
    private readonly usage?: Pick<Usage, 'watchedHits'>,
  ) {}

  async screen(orgId: string, text: string): Promise<Screening> {
    const screening = (await this.matcher(orgId)).screen(text);
    if (screening.matched.length) this.usage?.watchedHits(orgId, screening.matched.map((rule) => rule.action));
    return screening;
  }

  async flag(q: Queryable, orgId: string, target: { type: 'post' | 'comment'; id: string }, screening: Screening): Promise<void> {
    const words = screening.matched.filter((rule) => rule.action === 'flag').map((rule) => rule.word);
    if (words.length === 0) return;
    const reports = this.repos.reports.on(q);
    await reports.flag(orgId, await reports.openCase(orgId, target.type, target.id), words);
    await announceQueue(q, orgId);
  }

  private async matcher(orgId: string): Promise<WatchedWords> {
    const repo = this.repos.watchedWords;
    const version = await repo.version(orgId);
    const kept = this.compiled.get(orgId);
    if (kept?.version === version) return kept.words;
    // Read after the version: a change meanwhile is in these rules, and the next check, seeing a newer version, builds again.
    const words = new WatchedWords(await repo.list(orgId));
    this.compiled.set(orgId, { version, words });
    return words;
  }

  async list(admin: Staff): Promise<{ items: WatchedWord[] }> {
    return { items: await this.repos.watchedWords.list(admin.orgId) };
  }

  async add(admin: Staff, body: WatchedWordBody): Promise<WatchedWord> {
    return this.change(admin, async (repo, q) => {
      if ((await repo.count(admin.orgId)) >= watchedWordsMax) throw fail('watched_words_full');
      const added = await repo.insert(admin.orgId, body.word, keyOf(body.word), body.action);
      if (!added) throw fail('watched_word_exists');
      await audit(q, admin, 'add_watched_word', added.id, { word: added.word, action: added.action });
      return added;
    });
  }

  async update(admin: Staff, id: string, body: WatchedWordBody): Promise<WatchedWord> {
    return this.change(admin, async (repo, q) => {
      const before = await repo.lock(admin.orgId, id);
      if (!before) throw fail('not_found');
      const after = await repo.update(admin.orgId, id, body.word, keyOf(body.word), body.action);
      if (!after) throw fail('watched_word_exists');
      await audit(q, admin, 'update_watched_word', id, { from: { word: before.word, action: before.action }, to: { word: after.word, action: after.action } });
      return after;
    });
  }

  async remove(admin: Staff, id: string): Promise<void> {
    await this.change(admin, async (repo, q) => {
      const before = await repo.lock(admin.orgId, id);
      if (!before) throw fail('not_found');
      await repo.remove(admin.orgId, id);
      await audit(q, admin, 'remove_watched_word', id, { word: before.word, action: before.action });
    });
  }

  /**
   * A pasted list, one word a line (blank lines and words that are only wildcards skipped), all
   * with one action: a word already kept takes that action. Refused whole when it would take the
   * organisation past its most.
   */
  async import(admin: Staff, body: WatchedWordImport): Promise<WatchedWordImportResult> {
    const lines = body.words.split(/\r?\n/u).map((line) => line.trim()).filter((line) => line !== '');
    const words = new Map<string, string>();
    let skipped = 0;
    for (const line of lines) {
      const parsed = watchedWordTextSchema.safeParse(line);
      const key = parsed.success ? ruleKey(parsed.data) : null;
      if (key === null || words.has(key)) skipped++;
      else words.set(key, parsed.data!);
    }
    return this.change(admin, async (repo, q) => {
      const result = { added: 0, updated: 0, skipped };
      for (const [key, word] of words) {
        const outcome = await repo.upsert(admin.orgId, word, key, body.action);
        if (outcome === 'same') result.skipped++;
        else result[outcome]++;
      }
      if ((await repo.count(admin.orgId)) > watchedWordsMax) throw fail('watched_words_full');
      await audit(q, admin, 'import_watched_words', null, { action: body.action, ...result });
      return result;
    });
  }

  /** The text as the organisation's rules now see it, for an admin trying them. */
  async test(admin: Staff, text: string): Promise<WatchedWordTestResult> {
    // The matcher itself: an admin's try is no member's hit.
    const screening = (await this.matcher(admin.orgId)).screen(text);
    return { matched: screening.matched.map(({ id, word, action }) => ({ id, word, action })), censored: screening.censored ?? null };
  }

  private change<T>(admin: Staff, run: (repo: WatchedWordsRepo, q: Queryable) => Promise<T>): Promise<T> {
    return this.db.tx(async (q) => {
      const repo = this.repos.watchedWords.on(q);
      const result = await run(repo, q);
      await repo.bump(admin.orgId);
      return result;
    });
  }
}

function keyOf(word: string): string {
  const key = ruleKey(word);
  if (key === null) throw fail('validation_failed', { data: { issues: [{ path: 'body.word', message: 'a word, not only wildcards' }] } });
  return key;
}

function audit(q: Queryable, admin: Staff, action: Parameters<typeof writeAudit>[1]['action'], targetId: string | null, detail: Record<string, unknown>) {
  return writeAudit(q, { orgId: admin.orgId, actorId: admin.userId, action, targetType: 'watched_word', targetId, reason: null, detail });
}
