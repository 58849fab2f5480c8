import { useHref } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';

/** Opens the instance's printable approval sheet in a new tab (the browser's print makes the PDF). */
export function PrintSheetButton({ instanceId }: { instanceId: number }) {
  const { t } = useTranslation('tasks');
  const href = useHref(`/print/instance/${instanceId}`);
  return <Button icon={<PrinterOutlined />} href={href} target="_blank" rel="noopener" data-testid="print-sheet">{t('print.button')}</Button>;
}
