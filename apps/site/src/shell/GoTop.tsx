import { useEffect, useId, useRef, useState } from 'react';
import { useSettings } from '../api/site';
import { goTopVisible, scrollToTop } from '../lib/scroll';
import { useT } from '../i18n';

/** Go-to-top widget with a consultation-phone popover (SPEC §2, threshold 200px). */
export function GoTop() {
  const [visible, setVisible] = useState(false);
  const [phoneOpen, setPhoneOpen] = useState(false);
  const last = useRef(0);
  const popId = useId();
  const hotlines = useSettings().data?.hotlines ?? [];
  const box = useRef<HTMLDivElement>(null);
  const t = useT();

  useEffect(() => {
    const on = () => {
      const y = window.scrollY;
      setVisible(goTopVisible(y, last.current));
      last.current = y;
    };
    window.addEventListener('scroll', on, { passive: true });
    return () => window.removeEventListener('scroll', on);
  }, []);

  useEffect(() => {
    if (!phoneOpen) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setPhoneOpen(false);
    const onDown = (e: MouseEvent) => !box.current?.contains(e.target as Node) && setPhoneOpen(false);
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onDown);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onDown);
    };
  }, [phoneOpen]);

  useEffect(() => {
    if (!visible) setPhoneOpen(false);
  }, [visible]);

  return (
    <aside className={`gotop${visible ? ' is-visible' : ''}`} ref={box} hidden={!visible} data-testid="gotop" aria-label={t('tools.label')}>
      {phoneOpen && (
        <div className="gotop-popover" id={popId} role="dialog" aria-label={t('tools.phone')}>
          <p className="gotop-pop-title">{t('tools.phone')}</p>
          {hotlines.map((h) => (
            <a key={h} href={`tel:${h.replace(/[^\d+]/g, '')}`} className="gotop-phone">
              {h}
            </a>
          ))}
          <p className="gotop-pop-note">{t('tools.hours')}</p>
        </div>
      )}
      <button type="button" className="gotop-btn" aria-expanded={phoneOpen} aria-controls={popId} onClick={() => setPhoneOpen((o) => !o)}>
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          <path fill="currentColor" d="M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2c.3-.3.7-.4 1-.2 1.1.4 2.3.6 3.6.6.6 0 1 .4 1 1V20c0 .6-.4 1-1 1A17 17 0 0 1 3 4c0-.6.4-1 1-1h3.5c.6 0 1 .4 1 1 0 1.3.2 2.5.6 3.6.1.3 0 .7-.2 1z" />
        </svg>
        <span className="sr-only">{t('tools.phone')}</span>
      </button>
      <button type="button" className="gotop-btn" onClick={scrollToTop}>
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          <path fill="currentColor" d="M12 5l7 7-1.4 1.4L13 8.8V20h-2V8.8l-4.6 4.6L5 12z" />
        </svg>
        <span className="sr-only">{t('tools.top')}</span>
      </button>
    </aside>
  );
}
