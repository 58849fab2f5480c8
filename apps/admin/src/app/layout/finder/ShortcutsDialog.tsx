import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { isMac } from './useShortcuts';

/** The help dialog listing the console's keyboard shortcuts ("?" or the user menu). A plain table: antd's would double the shell. */
export function ShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const mod = isMac() ? '⌘' : 'Ctrl';
  const rows = [
    { keys: [mod, 'K'], what: t('keys.search') },
    { keys: ['↑', '↓'], what: t('keys.move') },
    { keys: ['Enter'], what: t('keys.open') },
    { keys: ['Esc'], what: t('keys.close') },
    { keys: ['?'], what: t('keys.help') },
  ];
  return (
    <Modal open={open} onCancel={onClose} footer={null} title={t('keys.title')} width={480}>
      <table className="shortcut-keys">
        <thead><tr><th scope="col">{t('keys.keys')}</th><th scope="col">{t('keys.action')}</th></tr></thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.what}><td>{r.keys.map((k) => <kbd key={k}>{k}</kbd>)}</td><td>{r.what}</td></tr>
          ))}
        </tbody>
      </table>
    </Modal>
  );
}
