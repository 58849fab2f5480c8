import Cookies from 'js-cookie';
import { create } from 'zustand';

export type ComponentSize = 'small' | 'middle' | 'large';

export interface LayoutSettings {
  themeColor: string;
  tagsView: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
}

/** SPEC §4/§9 defaults: panel hidden, tags view off, fixed header on, sidebar logo on, theme #1890ff. */
export const DEFAULT_SETTINGS: LayoutSettings = { themeColor: '#1890ff', tagsView: false, fixedHeader: true, sidebarLogo: true };
const SETTINGS_KEY = 'bencao-settings';
const SIZE_KEY = 'bencao-size';
/** SPEC §4: the sidebar's open state lives in a cookie as 1 or 0. */
export const SIDEBAR_COOKIE = 'sidebarStatus';

function loadSettings(): LayoutSettings {
  try {
    return { ...DEFAULT_SETTINGS, ...(JSON.parse(localStorage.getItem(SETTINGS_KEY) ?? '{}') as Partial<LayoutSettings>) };
  } catch {
    return DEFAULT_SETTINGS;
  }
}

interface SettingsState extends LayoutSettings {
  showSettings: boolean;
  size: ComponentSize;
  sidebarOpened: boolean;
  change<K extends keyof LayoutSettings>(key: K, value: LayoutSettings[K]): void;
  reset(): void;
  setShowSettings(show: boolean): void;
  setSize(size: ComponentSize): void;
  toggleSidebar(): void;
}

const save = (s: LayoutSettings) => localStorage.setItem(SETTINGS_KEY, JSON.stringify(s));
const pick = (s: LayoutSettings): LayoutSettings => ({ themeColor: s.themeColor, tagsView: s.tagsView, fixedHeader: s.fixedHeader, sidebarLogo: s.sidebarLogo });

export const useSettings = create<SettingsState>()((set, get) => ({
  ...loadSettings(),
  showSettings: false,
  size: (localStorage.getItem(SIZE_KEY) as ComponentSize | null) ?? 'small',
  sidebarOpened: Cookies.get(SIDEBAR_COOKIE) !== '0',
  change(key, value) {
    set({ [key]: value } as Partial<SettingsState>);
    save(pick(get()));
  },
  reset() {
    set(DEFAULT_SETTINGS);
    save(DEFAULT_SETTINGS);
  },
  setShowSettings: (showSettings) => set({ showSettings }),
  setSize(size) {
    localStorage.setItem(SIZE_KEY, size);
    set({ size });
  },
  toggleSidebar() {
    const sidebarOpened = !get().sidebarOpened;
    Cookies.set(SIDEBAR_COOKIE, sidebarOpened ? '1' : '0', { sameSite: 'Lax' });
    set({ sidebarOpened });
  },
}));
