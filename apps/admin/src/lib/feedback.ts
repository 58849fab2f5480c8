import type { App } from 'antd';

type AppApi = ReturnType<typeof App.useApp>;
type MessageInstance = AppApi['message'];
type ModalHookAPI = AppApi['modal'];

/**
 * The antd App's message and modal instances (themed, translated), registered by the shell so the
 * request client, which lives outside React, can show SPEC §8's toasts and dialogs.
 */
interface Feedback { message?: MessageInstance; modal?: ModalHookAPI; navigate?: (to: string) => void }
const feedback: Feedback = {};
export const registerFeedback = (f: Feedback) => Object.assign(feedback, f);

let toastOpenUntil = 0;
/** SPEC §8: toasts last 3000 ms and are suppressed while one is visible. */
export function toastError(text: string, durationMs = 3000) {
  const now = Date.now();
  if (now < toastOpenUntil) return;
  toastOpenUntil = now + durationMs;
  feedback.message?.error({ content: text, duration: durationMs / 1000 });
}

export function confirmDialog(opts: { title: string; content: string; okText: string; cancelText: string; onOk: () => void }) {
  feedback.modal?.confirm({ ...opts, maskClosable: false, keyboard: true });
}

export function navigateTo(path: string) {
  if (feedback.navigate) feedback.navigate(path);
  else window.location.assign(`${import.meta.env.BASE_URL.replace(/\/$/, '')}${path}`);
}
