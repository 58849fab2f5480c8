import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { SEARCH_MAX_QUERY } from '../api/search';
import { useSearchText } from '../pages/searchText';

/** the magnifier of the header's search button */
export function SearchIcon() {
  return (
    <svg aria-hidden="true" focusable="false" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round">
      <circle cx="10.5" cy="10.5" r="6.5" />
      <path d="m15.5 15.5 5 5" />
    </svg>
  );
}

/**
 * The header's site search, at every width: a button opens a bar under the header with the search
 * field focused; Enter shows the results page (#/search?q=), Escape closes the bar and gives the
 * focus back to the button. Without JavaScript the form still leads to the server's /search page.
 */
export function HeaderSearch() {
  const { t } = useSearchText();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState('');
  const panelId = useId();
  const inputId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => { if (open) input.current?.focus(); }, [open]);
  useEffect(() => setOpen(false), [pathname]);

  const close = () => {
    setOpen(false);
    toggle.current?.focus();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const q = value.trim();
    if (!q) { input.current?.focus(); return; }
    setOpen(false);
    navigate(`/search?q=${encodeURIComponent(q)}`);
  };

  return (
    <div className="header-search">
      <button ref={toggle} type="button" className="search-toggle" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((o) => !o)}>
        <SearchIcon />
        <span className="sr-only">{open ? t('close') : t('open')}</span>
      </button>
      <div id={panelId} className="search-panel" hidden={!open} onKeyDown={(e) => { if (e.key === 'Escape') close(); }}>
        <form role="search" className="container search-panel-form" action="/search" method="get" onSubmit={submit}>
          <label htmlFor={inputId} className="sr-only">{t('label')}</label>
          <input ref={input} id={inputId} name="q" type="search" value={value} maxLength={SEARCH_MAX_QUERY} autoComplete="off"
            enterKeyHint="search" placeholder={t('placeholder')} onChange={(e) => setValue(e.target.value)} />
          <button type="submit" className="btn btn-primary">{t('submit')}</button>
        </form>
      </div>
    </div>
  );
}
