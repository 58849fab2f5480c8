/** The bell's queries: the unread count (polled) and the latest list share this prefix, so marking read refreshes both. */
export const NOTIFICATIONS_KEY = ['notifications'] as const;
export const NOTIFICATIONS_POLL_MS = 30_000;
