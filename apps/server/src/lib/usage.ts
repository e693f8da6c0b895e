/**
 * What the modules that see people use Padhub tell the insights (docs/insights.md, "Usage"): a
 * search, a goods page seen, a "buy" tapped, a configuration's page opened and an Undo after applying
 * it, a watched word's hit. The insights module sits above
 * them, so app.ts hands them its recorder as this interface. Recording never waits for the
 * database: the recorder keeps them and writes them in batches.
 */
export interface UsageEvent {
  orgId: string;
  kind: 'search' | 'goods_view' | 'goods_buy' | 'config_open' | 'config_undo';
  /** The normalised words of a search, the goods' id, or the configuration's id. */
  key: string;
  userId: string;
  /** A search: whether it found anything. */
  found?: boolean;
}

export interface Usage {
  record(event: UsageEvent): void;
  /** Watched-word hits of one text, by the matched rules' actions. */
  watchedHits(orgId: string, actions: readonly string[]): void;
}

/** A search's words as they are counted: one form whatever the width, case and spacing people typed. */
export function searchWords(q: string): string {
  return q.normalize('NFKC').toLowerCase().replace(/\s+/gu, ' ').trim().slice(0, 100);
}
