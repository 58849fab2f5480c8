import { useTranslation } from 'react-i18next';
import { Tag, Typography } from 'antd';
import { CheckCircleOutlined, WarningOutlined } from '@ant-design/icons';
import type { SignatureManifest } from '@bencao/contracts';
import { useApiImage } from './signatureApi';

/** the manifest as the history stores it (`sign` entries' data) */
export interface SignData { signatureId?: number; printedName?: string; account?: string; signedAt?: string; meaning?: string; dataHash?: string; image?: boolean }

/** A signature's manifest: meaning, who (printed name and account), when (in the signer's zone), the data hash, the handwritten image, and whether it still covers the data. */
export function SignatureManifestView({ data, manifest, compact }: { data: SignData; manifest?: SignatureManifest; compact?: boolean }) {
  const { t } = useTranslation('tasks');
  const img = useApiImage(manifest?.imageUrl ?? null);
  const name = manifest?.printedName ?? data.printedName ?? '';
  const covers = manifest?.covers ?? true;
  return (
    <div className="tasks-signature-manifest" data-testid="signature-manifest">
      <div>
        <Tag color="blue">{t(`signature.meanings.${manifest?.meaning ?? data.meaning}`, { defaultValue: data.meaning ?? '' })}</Tag>
        <Typography.Text>{t('signature.signedBy', { name, account: manifest?.account ?? data.account ?? '' })}</Typography.Text>
      </div>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>{t('signature.at', { at: (manifest?.signedAt ?? data.signedAt ?? '').replace('T', ' ') })}</Typography.Text>
      {!compact && <div><Typography.Text type="secondary" style={{ fontSize: 12 }} className="tasks-signature-hash">{t('signature.hash', { hash: manifest?.dataHash ?? data.dataHash ?? '' })}</Typography.Text></div>}
      {img && <img className="tasks-signature-image" src={img} alt={t('signature.image', { name })} />}
      <div>
        {covers
          ? <Typography.Text type="success" style={{ fontSize: 12 }}><CheckCircleOutlined /> {t('signature.covers')}</Typography.Text>
          : <Typography.Text type="warning" strong role="status" data-testid="signature-not-covering"><WarningOutlined /> {t('signature.notCovering')}</Typography.Text>}
      </div>
    </div>
  );
}
