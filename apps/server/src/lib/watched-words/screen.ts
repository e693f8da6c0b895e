import { fail } from '#server/lib/errors.ts';
import type { Screening } from './matcher.ts';

/**
 * What a module that takes members' texts is handed to check them against the organisation's
 * watched words (docs/architecture.md, "Layers": the safety module owns the words and sits above
 * the modules that check, so app.ts hands them its service as this interface).
 */
export interface TextScreen {
  screen(orgId: string, text: string): Promise<Screening>;
}

/** Refuses a text a `block` rule matched, naming no word (`text_refused`). */
export function refuseBlocked(screening: Screening): void {
  if (screening.matched.some((rule) => rule.action === 'block')) throw fail('text_refused');
}

/** Whether a `require_approval` rule matched: the text waits for a moderator whatever the organisation's mode. */
export function needsApproval(screening: Screening): boolean {
  return screening.matched.some((rule) => rule.action === 'require_approval');
}
