
/**
 * What other modules may use of people besides its service (docs/architecture.md, "Server").
 * People own `profiles` and `follows`. Others read follows through the visibility module
 * (`followedBy`); a block ends follows both ways with `PeopleOffer.endFollows`, in the block's transaction.
 */

export { PeopleOffer } from './offer.ts';
export { forgetPeople, type PeopleData, peopleData } from './personal-data.ts';
