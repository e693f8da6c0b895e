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
 * What an author's edit of a post goes through. Under post-moderation the edit of a passed post is
 * live at once and, as a new post is, reviewable afterwards: it enters the review queue as an edit
 * (`queued`), so an approved post cannot become something else unseen. Under pre-moderation the
 * edit of a passed post waits for review ('staged') while the passed version stays visible; a post
 * nobody else sees yet (waiting, or not passed) changes in place. A "not passed" post goes back to
 * review in either mode: its author was told to edit and send it again.
 */
export function editReview(org: Pick<Organisation, 'moderationMode'>, status: ReviewStatus): { staged: boolean; queued: boolean; status?: 'pending' } {
  if (status === 'not_passed') return { staged: false, queued: false, status: 'pending' };
  const passed = status === 'passed';
  return { staged: org.moderationMode === 'pre' && passed, queued: org.moderationMode === 'post' && passed };
}
