import { useEffect, useRef, useState } from 'react';
import { call } from '@/lib/request';
import { useAuth } from '@/lib/auth';
import { parsePrefs, prefsKey, readPrefs, serverPrefsKey, type ColumnPrefs } from './columnSettings';

const url = (listId: string) => `/api/system/preferences/${encodeURIComponent(serverPrefsKey(listId))}`;

/**
 * A list's column and density preferences: drawn first from the browser's copy, then from the server
 * (the account's own, wherever it last chose them); every change is written to both.
 */
export function useListPrefs(listId: string): [ColumnPrefs, (next: ColumnPrefs) => void] {
  const accountId = useAuth((s) => s.user?.accountId);
  const cacheKey = prefsKey(accountId, listId);
  const [prefs, setState] = useState<ColumnPrefs>(() => readPrefs(localStorage, cacheKey));
  const changed = useRef(false);

  useEffect(() => {
    if (accountId === undefined) return;
    let live = true;
    call<unknown>('GET', url(listId)).then((value) => {
      // a choice made while the answer was on its way wins over it
      if (!live || changed.current || value === null || value === undefined) return;
      const next = parsePrefs(value);
      setState(next);
      localStorage.setItem(cacheKey, JSON.stringify(next));
    }).catch(() => { /* the browser's copy stays in use */ });
    return () => { live = false; };
  }, [accountId, cacheKey, listId]);

  const save = (next: ColumnPrefs) => {
    changed.current = true;
    setState(next);
    localStorage.setItem(cacheKey, JSON.stringify(next));
    void call('PUT', url(listId), { body: { value: next } }).catch(() => { /* the client showed why */ });
  };
  return [prefs, save];
}
