/**
 * What other modules may use of safety besides its service (docs/architecture.md, "Server").
 * Safety owns `user_blocks`, `report_cases` and `reports`. Others read blocks through the
 * visibility module (modules/visibility/public.ts); moderation lists and closes cases through the
 * functions re-exported here, which take the caller's transaction.
 */

export { type CaseReportRow, hasOpenCase, openCaseCount, openCases, reportsOfCases, resolveReports } from './cases-repo.ts';
export { forgetSafety, type SafetyData } from './personal-data.ts';
export { SafetyOffer } from './offer.ts';
export { holdsOf as pictureHolds, keepRemovedPictures } from './removed-pictures-repo.ts';
export { trustEveryone } from './new-accounts-repo.ts';
// Moderation lists people's trust beside them (its QueuesService is handed the service by app.ts).
export type { NewAccountsService } from './new-accounts-service.ts';
// The background jobs check the posters videos' processing makes (compose/background-jobs.ts).
export { RemovedPicturesService } from './removed-pictures-service.ts';
