/**
 * What other modules may use of media-lifecycle (docs/architecture.md, "Server"). It owns
 * `storage_deletions`: a removal queues its objects through `MediaLifecycle.removing` in its own
 * transaction, and a post or goods about to name objects checks them with `MediaLifecycle.refuseRemoved`
 * or `refuseRemovedEarly`. What names objects (posts, avatars, goods pictures) is asked of the
 * modules above through the `LiveKeys` that app.ts hands in.
 */
export type { MediaLifecycle, RemovalQueue } from './service.ts';
export type { LiveKeys } from './live-keys.ts';
