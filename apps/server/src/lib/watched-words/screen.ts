import type { Queryable } from '#server/db/client.ts';
import { fail } from '#server/lib/errors.ts';
import type { Screening } from './matcher.ts';

/**
 * What a module that takes members' texts is handed to check them against the organisation's
 * watched words (docs/architecture.md, "Layers": the safety module owns the words and sits above
 * the modules that check, so app.ts hands them its service as this interface).
 */
export interface TextScreen {
  screen(orgId: string, text: string): Promise<Screening>;
  /**
   * When a `flag` rule matched: reports the post or comment written, as the system, with the words
   * met, in the transaction that wrote it (nothing when none matched).
   */
  flag(q: Queryable, orgId: string, target: { type: 'post' | 'comment'; id: string }, screening: Screening): Promise<void>;
}

/** Refuses a text a `block` rule matched, naming no word (`text_refused`). */
export function refuseBlocked(screening: Screening): void {
  if (screening.matched.some((rule) => rule.action === 'block')) throw fail('text_refused');
}

/**
 * Refuses a name or bio (a username, nickname, bio or configuration name) a `block` or a `censor`
 * rule matched: these are shown in many places, each drawn from the one stored text, and a name
 * drawn as ■■ is no name, so a word others may not read is not taken in them at all.
 */
export function refuseBlockedOrCensored(screening: Screening): void {
  if (screening.matched.some((rule) => rule.action === 'block' || rule.action === 'censor')) throw fail('text_refused');
}

/** Whether a `require_approval` rule matched: the text waits for a moderator whatever the organisation's mode. */
export function needsApproval(screening: Screening): boolean {
  return heldBy(screening).length > 0;
}

/** The `require_approval` words (as the admin wrote them) that hold the text for a moderator; none: it is live. */
export function heldBy(screening: Screening): string[] {
  return screening.matched.filter((rule) => rule.action === 'require_approval').map((rule) => rule.word);
}
