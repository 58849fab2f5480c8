import { t } from '../i18n';
/** Toasts and dialogs the request client and the shell can open without React context. */
export interface ToastState {
  id: number;
  message: string;
  type: 'error' | 'success' | 'info';
}
export interface DialogState {
  id: number;
  title: string;
  message: string;
  okText: string;
  cancelText?: string;
  resolve: (ok: boolean) => void;
}
interface State {
  toast: ToastState | null;
  dialog: DialogState | null;
}

let state: State = { toast: null, dialog: null };
let seq = 0;
const listeners = new Set<() => void>();
const set = (patch: Partial<State>) => {
  state = { ...state, ...patch };
  listeners.forEach((l) => l());
};

export const overlayStore = {
  subscribe(l: () => void) {
    listeners.add(l);
    return () => {
      listeners.delete(l);
    };
  },
  get: () => state,
};

export const TOAST_MS = 3000;

/** Shows a toast for 3 s; suppressed while another one is visible (SPEC §8). */
export function toast(message: string, type: ToastState['type'] = 'info') {
  if (state.toast) return;
  const id = ++seq;
  set({ toast: { id, message, type } });
  setTimeout(() => {
    if (state.toast?.id === id) set({ toast: null });
  }, TOAST_MS);
}

export function confirmDialog(opts: { title: string; message: string; okText?: string; cancelText?: string }): Promise<boolean> {
  return new Promise((resolve) => {
    state.dialog?.resolve(false);
    const id = ++seq;
    set({
      dialog: {
        id,
        title: opts.title,
        message: opts.message,
        okText: opts.okText ?? t('dialog.ok'),
        cancelText: opts.cancelText,
        resolve: (ok) => {
          if (state.dialog?.id === id) set({ dialog: null });
          resolve(ok);
        },
      },
    });
  });
}

/** The "提示" dialog of the top bar and the footer (SPEC §2), in the site's language. */
export function showUnderConstruction(what?: string) {
  return confirmDialog({ title: t('dialog.notice'), message: what ? t('dialog.buildingOf', { v: what }) : t('dialog.building'), okText: t('dialog.gotIt') });
}
