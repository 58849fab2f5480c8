/**
 * A menu was changed in this console (menu editor): the shell rebuilds the sidebar and the routes
 * at once, without a reload. Features call `notifyMenuChanged`; the shell listens.
 */
const listeners = new Set<() => void>();
export const onMenuChanged = (fn: () => void) => { listeners.add(fn); return () => listeners.delete(fn); };
export const notifyMenuChanged = () => { for (const fn of listeners) fn(); };
