/**
 * What other modules may use of posting (docs/architecture.md, "Server"). Posting owns
 * `post_requests`; the purge of a deregistered account forgets a person's with `forgetPostRequests`.
 */
export { forgetPostRequests } from './personal-data.ts';
