/** Every cache key of the person's notifications, from one place; `all` is the prefix of them all. */
export const notificationKeys = {
  all: ['notifications'] as const,
  /** The inbox, one list per tab. */
  list: (filter: 'all' | 'conversations') => [...notificationKeys.all, 'list', filter] as const,
  unread: () => [...notificationKeys.all, 'unread'] as const,
  settings: () => [...notificationKeys.all, 'settings'] as const,
  /** Mutations' keys: read marks and switches being sent (they may wait for the network). */
  markRead: () => [...notificationKeys.all, 'mark-read'] as const,
  saveSettings: () => [...notificationKeys.all, 'save-settings'] as const,
};
