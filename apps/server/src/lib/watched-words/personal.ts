import type { FilterAction, FilterContext } from '@padhub/contracts';
import { WatchedWords } from './matcher.ts';

/** One of a person's filters as stored (modules/safety/filters-repo.ts). */
export interface PersonalFilterRule {
  id: string;
  title: string;
  words: { word: string; wholeWord: boolean }[];
  action: FilterAction;
  contexts: FilterContext[];
  expiresAt: Date | null;
}

/** What a text met among a reader's filters: `hide` when any hiding filter met it, else the titles of the warning ones. */
type FilterOutcome = { hide: true } | { hide: false; titles: string[] };

/** A reader's filters of one context, as they hold now: asks what a text meets (null: nothing). */
export interface ReaderFilter {
  check(text: string): FilterOutcome | null;
}

/**
 * What a module that lists others' texts is handed to apply its reader's filters (docs/architecture.md,
 * "Layers": the safety module keeps the filters and sits above the modules that list, so app.ts hands
 * them its service as this interface). Null: the reader is signed out or has no filter there.
 */
export interface ReaderFilters {
  /** `version`: the reader's filter version as their session read it (http/session.ts `Viewer`); absent, it is read. */
  of(userId: string | null, context: FilterContext, version?: string | null): Promise<ReaderFilter | null>;
}

/**
 * A person's filters compiled into one watched-words matcher (matcher.ts: widths, case, kana, spacing
 * and zero-width folded; whole words where the script has spaces, substrings where it has none). A
 * word that is not whole is matched as `*word*`: it may sit inside a longer word.
 */
export class PersonalFilterSet {
  private readonly matcher: WatchedWords;
  private readonly byId: Map<string, PersonalFilterRule>;

  constructor(private readonly rules: readonly PersonalFilterRule[]) {
    this.byId = new Map(rules.map((rule) => [rule.id, rule]));
    this.matcher = new WatchedWords(
      rules.flatMap((rule) =>
        // The rule's id names the filter: one filter met by two of its words is met once.
        rule.words.map((word) => ({ id: rule.id, word: word.wholeWord ? word.word : `*${word.word}*`, action: 'flag' as const })),
      ),
    );
  }

  /** The filter of one context as it holds at `now` (expired filters left out), or null when none holds there. */
  in(context: FilterContext, now: Date): ReaderFilter | null {
    const holds = (rule: PersonalFilterRule) => rule.contexts.includes(context) && (rule.expiresAt === null || rule.expiresAt > now);
    if (!this.rules.some(holds)) return null;
    return {
      check: (text) => {
        const met = this.matcher
          .screen(text)
          .matched.map((match) => this.byId.get(match.id)!)
          .filter(holds);
        if (met.length === 0) return null;
        if (met.some((rule) => rule.action === 'hide')) return { hide: true };
        return { hide: false, titles: met.map((rule) => rule.title) };
      },
    };
  }
}

/**
 * Applies a reader's filter to listed items: hidden ones left out, warned ones marked `filtered`
 * with the titles met. The reader's own items are never filtered.
 */
export function applyFilter<T extends object>(
  filter: ReaderFilter | null,
  readerId: string | null,
  items: readonly T[],
  of: (item: T) => { text: string; authorId: string | null | undefined },
): Array<T & { filtered?: string[] }> {
  if (filter === null) return [...items];
  return items.flatMap((item) => {
    const { text, authorId } = of(item);
    if (authorId === readerId || text === '') return [item];
    const outcome = filter.check(text);
    if (outcome === null) return [item];
    return outcome.hide ? [] : [{ ...item, filtered: outcome.titles }];
  });
}

/**
 * Reads rows until `limit + 1` are kept or the list ends, so that a page stays full when filters
 * leave rows out: `read(after)` reads up to `limit + 1` rows after the given one. At most `rounds`
 * reads: a filter that hides almost everything ends the page short, its cursor after the last row
 * read (`lastRead`), rather than walking the whole list in one request.
 */
export async function fillPage<Row>(
  read: (after: Row | undefined) => Promise<Row[]>,
  first: Row[],
  limit: number,
  keep: (rows: Row[]) => Row[],
  rounds = 5,
): Promise<{ rows: Row[]; lastRead?: Row }> {
  let batch = first;
  const kept: Row[] = [];
  for (let round = 1; ; round++) {
    kept.push(...keep(batch.slice(0, limit)));
    const more = batch.length > limit;
    const last = batch[Math.min(batch.length, limit) - 1];
    if (kept.length > limit || !more) return { rows: kept };
    if (kept.length === limit) {
      // Full, and more beyond: one row past it says there is a next page.
      return { rows: [...kept, batch[limit]!] };
    }
    if (round >= rounds) return { rows: kept, lastRead: last };
    batch = await read(last);
  }
}
