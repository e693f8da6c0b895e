/**
 * Every match of a search in one language, as the text index answered it a moment ago (docs/search.md,
 * "Match sets"): the ids, newest first, with each post's score and whether it has configurations.
 * The third pass of a search reads every match of its words from the heap (thousands of rows for
 * a conjunction of common words) to order them; the same words asked again within the moment, in
 * another order, with configurations only, or for the next page (the taps a search page offers),
 * take their candidates from here and read only those rows, with the feed's conditions as they
 * are now (SearchRepo).
 */
export interface MatchSet {
  /** Newest first. */
  ids: string[];
  scores: number[];
  configs: boolean[];
  /** The newest post's id when the set was read: a post above it is not in the set, whether it matches or not. */
  newest: string;
}

/** How long a set is used after it was read: a post newer than that is in the window the first pass walks. */
const KEPT_MS = 10_000;
/** Sets kept at most (the least recently used leaves first). */
const MOST_SETS = 100;
/** A larger set is used once and not kept: a few of them would hold megabytes. */
const MOST_IDS = 10_000;

export class MatchSets {
  private readonly kept = new Map<string, { at: number; set: Promise<MatchSet> }>();

  constructor(private readonly keptMs = KEPT_MS) {}

  /** The set `key` names, if one read less than a moment ago is kept (it may still be being read). */
  peek(key: string): Promise<MatchSet> | undefined {
    const found = this.kept.get(key);
    return found !== undefined && performance.now() - found.at < this.keptMs ? found.set : undefined;
  }

  /** The set `key` names, read with `read` unless one read less than a moment ago is kept (a read that fails is not). */
  get(key: string, read: () => Promise<MatchSet>): Promise<MatchSet> {
    const fresh = this.peek(key) !== undefined;
    const entry = fresh ? this.kept.get(key)! : { at: performance.now(), set: read() };
    // Set anew: the map's first key is then the least recently used, which leaves first.
    this.kept.delete(key);
    this.kept.set(key, entry);
    if (fresh) return entry.set;
    for (const oldest of this.kept.keys()) {
      if (this.kept.size <= MOST_SETS) break;
      this.kept.delete(oldest);
    }
    const forget = () => {
      if (this.kept.get(key) === entry) this.kept.delete(key);
    };
    entry.set.then((read) => read.ids.length > MOST_IDS && forget(), forget);
    return entry.set;
  }
}

const popular = new WeakMap<MatchSet, number[]>();

/** The set's positions in the order a page asks: newest first, or most popular first (by the scores as read; sorted once a set). */
export function inOrder(set: MatchSet, sort: 'new' | 'popular'): number[] {
  if (sort === 'new') return set.ids.map((_, i) => i);
  let positions = popular.get(set);
  if (positions === undefined) popular.set(set, (positions = set.ids.map((_, i) => i).sort((a, b) => set.scores[b]! - set.scores[a]! || a - b)));
  return positions;
}
