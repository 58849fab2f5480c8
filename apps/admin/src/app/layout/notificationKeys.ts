/** The bell's queries: the unread count (polled) and the latest list share this prefix, so marking read refreshes both. */
export const NOTIFICATIONS_KEY = ['notifications'] as const;
export const NOTIFICATIONS_POLL_MS = 30_000;

/** puts the cursor on the first notification of the bell's list (the list itself while it has none) */
export function focusFirstNotification(list: HTMLElement | null | undefined) {
  (list?.querySelector<HTMLElement>('.app-notify-open') ?? list)?.focus();
}
