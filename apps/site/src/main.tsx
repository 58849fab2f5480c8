import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppRoutes } from './router';
import { primeCache } from './lib/useApi';
import './styles.css';

const root = document.getElementById('root')!;
const app = (
  <StrictMode>
    <AppRoutes />
  </StrictMode>
);

// A path URL (/news/12) rendered by the server: take its answers, move to the hash route it
// stands for, and hydrate the markup already on screen (no flash of other content).
const ssr = document.getElementById('ssr-data');
const state = ssr ? (JSON.parse(ssr.textContent || '{}') as { route?: string; data?: Record<string, unknown> }) : null;
if (state?.route) {
  primeCache(state.data ?? {});
  history.replaceState(null, '', `/#${state.route}`);
  hydrateRoot(root, app);
} else {
  createRoot(root).render(app);
}
