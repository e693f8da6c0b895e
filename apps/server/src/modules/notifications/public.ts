/**
 * What other modules and app.ts may use of notifications besides its service (docs/architecture.md,
 * "Server"). Notifications own `notifications`, `notification_actors`, `notification_counters`,
 * `notification_settings` and `push_outbox`. app.ts builds one `Notifier` and hands it to each
 * module that tells someone something, as the `Notices` that module knows (lib/notices.ts).
 */
export { Notifier } from './notifier.ts';
export { forgetNotifications, notificationSettingsData } from './personal-data.ts';
export type { NotificationsService } from './service.ts';
