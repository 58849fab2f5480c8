import { create } from 'zustand';
import type { MenuItem } from '@bencao/contracts';
import { call } from '@/lib/request';
import { buildMenuRoutes } from '../router/menuRoutes';
import type { AppRoute } from '../router/types';

interface RoutesState {
  status: 'idle' | 'loading' | 'ready';
  menus: MenuItem[];
  routes: AppRoute[];
  /** SPEC §4: after login a permission step fetches the menu and converts it to routes */
  generate(): Promise<AppRoute[]>;
  /** SPEC §4: a reset empties them (logout) */
  reset(): void;
}

export const fetchMenus = () => call<MenuItem[]>('GET', '/api/admin/current/menus', { params: { clientId: 'admin', optType: 0 } });

export const useRoutes = create<RoutesState>()((set) => ({
  status: 'idle',
  menus: [],
  routes: [],
  async generate() {
    set((s) => ({ status: s.status === 'ready' ? 'ready' : 'loading' }));
    try {
      const menus = await fetchMenus();
      const routes = buildMenuRoutes(menus);
      set({ status: 'ready', menus, routes });
      return routes;
    } catch (err) {
      set((s) => ({ status: s.status === 'ready' ? 'ready' : 'idle' }));
      throw err;
    }
  },
  reset: () => set({ status: 'idle', menus: [], routes: [] }),
}));
