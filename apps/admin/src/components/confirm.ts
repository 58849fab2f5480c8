import type { App } from 'antd';
import type { TFunction } from 'i18next';

type AppApi = ReturnType<typeof App.useApp>;
type Translate = TFunction | ((key: string, opts?: Record<string, unknown>) => string);
const tt = (t: Translate, key: string, opts?: Record<string, unknown>) => (t as (k: string, o?: Record<string, unknown>) => string)(key, { ns: 'shell', ...opts });

/**
 * SPEC §8 "Confirm delete?": asks first, then runs `onOk`; resolves true when it ran. When `onOk`
 * fails the dialog closes and the promise resolves false: the request client already showed why,
 * and nothing is left thrown in the page.
 */
export function confirmDelete(modal: AppApi['modal'], t: Translate, onOk: () => Promise<unknown> | unknown, count?: number): Promise<boolean> {
  return new Promise((resolve) => {
    modal.confirm({
      title: tt(t, 'confirm.deleteTitle'),
      content: count && count > 1 ? tt(t, 'confirm.deleteSelected', { count }) : tt(t, 'confirm.deleteContent'),
      okText: tt(t, 'confirm.ok'), cancelText: tt(t, 'confirm.cancel'), okButtonProps: { danger: true }, maskClosable: false,
      onOk: async () => { try { await onOk(); resolve(true); } catch { resolve(false); } },
      onCancel: () => resolve(false),
    });
  });
}

/** SPEC §8 default confirm: "Are you sure to execute this operation?" titled "Warning". */
export function confirmAction(modal: AppApi['modal'], t: Translate, onOk: () => Promise<unknown> | unknown, content?: string): Promise<boolean> {
  return new Promise((resolve) => {
    modal.confirm({
      title: tt(t, 'confirm.warningTitle'), content: content ?? tt(t, 'confirm.defaultContent'),
      okText: tt(t, 'confirm.ok'), cancelText: tt(t, 'confirm.cancel'), maskClosable: false,
      onOk: async () => { try { await onOk(); resolve(true); } catch { resolve(false); } },
      onCancel: () => resolve(false),
    });
  });
}

/** SPEC §5 selection helper: warns "you have not selected data" and answers false when nothing is selected. */
export function requireSelection(message: AppApi['message'], t: Translate, keys: readonly unknown[]): boolean {
  if (keys.length > 0) return true;
  void message.warning(tt(t, 'confirm.notSelected'));
  return false;
}
