import type { Organisation, ReviewStatus } from '@padhub/contracts';

/**
 * The review status a new post starts with: under pre-moderation it waits for a moderator (the
 * review queue lists it, only its author sees it meanwhile); under post-moderation it is visible
 * at once and can be taken down. Post creation asks this, so the rule lives in one place.
 */
export function reviewStatusForNewPost(org: Pick<Organisation, 'moderationMode'>): ReviewStatus {
  return org.moderationMode === 'pre' ? 'pending' : 'passed';
}

/**
 * What an author's edit of a post goes through. Under post-moderation it is live at once. Under
 * pre-moderation the edit of a passed post waits for review ('staged') while the passed version
 * stays visible; a post nobody else sees yet (waiting, or not passed) changes in place. A "not
 * passed" post goes back to review in either mode: its author was told to edit and send it again.
 */
export function editReview(org: Pick<Organisation, 'moderationMode'>, status: ReviewStatus): { staged: boolean; status?: 'pending' } {
  if (status === 'not_passed') return { staged: false, status: 'pending' };
  return { staged: org.moderationMode === 'pre' && status === 'passed' };
}
