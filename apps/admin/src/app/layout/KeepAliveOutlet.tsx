import { Activity, useEffect, useRef, type ReactNode } from 'react';
import { UNSAFE_LocationContext, useLocation, useNavigationType, useOutlet, type Location } from 'react-router';
import { useTags } from '../store/tags';

interface Entry { element: ReactNode; location: Location }

/**
 * The page area with SPEC §4's cached views: every view in the tags view's cache stays mounted
 * (React's Activity hides it and keeps its state: a half-filled search form, a table's page), and
 * each sees the location it was left at, so a hidden page does not react to another page's URL.
 */
export function KeepAliveOutlet({ enabled, cacheable }: { enabled: boolean; cacheable: boolean }) {
  const outlet = useOutlet();
  const location = useLocation();
  const navigationType = useNavigationType();
  const cached = useTags((s) => s.cached);
  const refreshKeys = useTags((s) => s.refreshKeys);
  const entries = useRef(new Map<string, Entry>());
  const active = location.pathname;
  const keepActive = enabled && cacheable;

  if (keepActive) entries.current.set(active, { element: outlet, location });
  useEffect(() => {
    for (const path of entries.current.keys()) if (!cached.includes(path) && path !== active) entries.current.delete(path);
  }, [cached, active]);

  return (
    <>
      {enabled && <CachedViews entries={entries.current} active={active} refreshKeys={refreshKeys} navigationType={navigationType} />}
      {!keepActive && <div key={`${active}#${refreshKeys[active] ?? 0}`} className="app-view">{outlet}</div>}
    </>
  );
}

function CachedViews({ entries, active, refreshKeys, navigationType }: { entries: Map<string, Entry>; active: string; refreshKeys: Record<string, number>; navigationType: ReturnType<typeof useNavigationType> }) {
  return (
    <>
      {[...entries.entries()].map(([path, entry]) => (
        <Activity key={`${path}#${refreshKeys[path] ?? 0}`} mode={path === active ? 'visible' : 'hidden'}>
          <UNSAFE_LocationContext.Provider value={{ location: entry.location, navigationType }}>
            <div className="app-view">{entry.element}</div>
          </UNSAFE_LocationContext.Provider>
        </Activity>
      ))}
    </>
  );
}
