import type { Organisation, ReviewStatus } from '@padhub/contracts';

/**
 * The review status a new post starts with: under pre-moderation it waits for a moderator (the
 * review queue lists it, only its author sees it meanwhile); under post-moderation it is visible
 * at once and can be taken down. Post creation asks this, so the rule lives in one place.
 */
export function reviewStatusForNewPost(org: Pick<Organisation, 'moderationMode'>): ReviewStatus {
  return org.moderationMode === 'pre' ? 'pending' : 'passed';
}
