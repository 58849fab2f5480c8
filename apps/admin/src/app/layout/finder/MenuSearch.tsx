import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Empty, Input, Modal, type InputRef } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePermission } from '@/lib/permission';
import { useRoutes } from '../../store/routes';
import type { AppRoute } from '../../router/types';
import { useRouteLabel } from '../useRouteLabel';
import { rankMenus, type MenuEntry } from './menuRanking';
import './finder.css';

const OPENABLE = new Set<AppRoute['kind']>(['page', 'frame', 'external', 'fallback']);

/** The menus of the sidebar the user may open, with the labels in the current language. */
function useMenuEntries(): MenuEntry[] {
  const routes = useRoutes((s) => s.routes);
  const label = useRouteLabel();
  const can = usePermission();
  return useMemo(() => {
    const out: MenuEntry[] = [];
    const walk = (list: AppRoute[], trail: string[]) => {
      for (const r of list) {
        if (r.hidden || !can(r.authority)) continue;
        if (r.kind === 'group') walk(r.children, [...trail, label(r)]);
        else if (OPENABLE.has(r.kind)) out.push({ path: r.path, label: label(r), trail, url: r.kind === 'external' ? r.url : undefined });
      }
    };
    walk(routes, []);
    return out;
  }, [routes, label, can]);
}

type AddPinyin = (entries: MenuEntry[]) => MenuEntry[];

/**
 * In the zh console, the labels' pinyin (full and initials) as extra search keys. pinyin-pro and its
 * dictionary load with the first opening of the search, in their own chunk, never with the shell.
 */
function usePinyin(entries: MenuEntry[], wanted: boolean): MenuEntry[] {
  const [addPinyin, setAddPinyin] = useState<AddPinyin | null>(null);
  useEffect(() => {
    if (!wanted || addPinyin) return;
    let alive = true;
    import('./pinyinKeys').then((m) => { if (alive) setAddPinyin(() => m.withPinyin); }).catch(() => undefined);
    return () => { alive = false; };
  }, [wanted, addPinyin]);
  return useMemo(() => (wanted && addPinyin ? addPinyin(entries) : entries), [entries, wanted, addPinyin]);
}

/** Ctrl+K: find a menu by (part of) its name or its group's name; arrows move, Enter opens, Esc closes. */
export function MenuSearch({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const entries = usePinyin(useMenuEntries(), open && i18n.language.startsWith('zh'));
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const input = useRef<InputRef>(null);
  const hits = useMemo(() => rankMenus(entries, query), [entries, query]);

  const choose = (hit: MenuEntry | undefined) => {
    if (!hit) return;
    onClose();
    if (hit.url) window.open(hit.url, '_blank', 'noopener,noreferrer');
    else navigate(hit.path);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    const step = e.key === 'ArrowDown' ? 1 : e.key === 'ArrowUp' ? -1 : 0;
    if (step && hits.length) {
      e.preventDefault();
      setActive((a) => (a + step + hits.length) % hits.length);
    } else if (e.key === 'Enter' && !e.nativeEvent.isComposing) {
      e.preventDefault();
      choose(hits[active]);
    }
  };

  return (
    <Modal
      open={open} onCancel={onClose} footer={null} closable={false} width={560} destroyOnHidden
      title={t('finder.title')} className="menu-search"
      afterOpenChange={(visible) => { if (visible) input.current?.focus(); else { setQuery(''); setActive(0); } }}
    >
      <Input
        ref={input} size="large" prefix={<SearchOutlined />} allowClear value={query} placeholder={t('finder.placeholder')}
        role="combobox" aria-expanded aria-controls="menu-search-hits" aria-autocomplete="list" aria-label={t('finder.title')}
        aria-activedescendant={hits[active] ? `menu-hit-${active}` : undefined}
        onChange={(e) => { setQuery(e.target.value); setActive(0); }} onKeyDown={onKeyDown}
      />
      {hits.length ? (
        <ul id="menu-search-hits" role="listbox" aria-label={t('finder.results')} className="menu-search-hits">
          {hits.map((h, i) => (
            <li key={h.path} id={`menu-hit-${i}`} role="option" aria-selected={i === active}
              onMouseEnter={() => setActive(i)} onClick={() => choose(h)}>
              <span className="menu-search-label">{h.label}</span>
              {h.trail.length > 0 && <span className="menu-search-trail">{h.trail.join(' / ')}</span>}
            </li>
          ))}
        </ul>
      ) : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('finder.none')} />}
      <div className="menu-search-hint">{t('finder.hint')}</div>
    </Modal>
  );
}
