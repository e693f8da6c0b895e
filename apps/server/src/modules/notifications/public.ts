/**
 * What other modules may use of notifications besides its service (docs/architecture.md,
 * "Server"). Notifications own `notifications`, `notification_actors`, `notification_counters`,
 * `notification_settings` and `push_outbox`. An action that notifies someone calls the `Notifier`
 * it was built with, on its own transaction.
 */
export type { Notifier } from './notifier.ts';
