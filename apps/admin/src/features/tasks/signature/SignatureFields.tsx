import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Button, Checkbox, Form, Input, Radio, Space, Typography } from 'antd';
import SignatureCanvasModule from 'react-signature-canvas';
import type { SignatureMeaning } from '@bencao/contracts';
import { signatureApi } from './signatureApi';

export const SAVED_SIGNATURE_KEY = ['tasks', 'my-signature'] as const;

// the package is a UMD build: the bundler hands its class over as the default, or as the default's default
const SignatureCanvas = ((SignatureCanvasModule as unknown as { default?: typeof SignatureCanvasModule }).default ?? SignatureCanvasModule) as typeof SignatureCanvasModule;
type Pad = InstanceType<typeof SignatureCanvasModule>;

/** The drawing pad (mouse, pen or finger): its PNG goes into the form value as a data URL. */
function SignaturePad({ value, onChange }: { value?: string | null; onChange?: (v: string | null) => void }) {
  const { t } = useTranslation('tasks');
  const pad = useRef<Pad>(null);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // the canvas takes the width of the dialog (a phone's too); its pixels match it so strokes land under the finger
    const c = pad.current?.getCanvas();
    if (c && box.current) { c.width = box.current.clientWidth; c.height = 160; }
    if (!value) pad.current?.clear();
  }, [value]);
  return (
    <div ref={box} className="tasks-signature-pad">
      <SignatureCanvas
        ref={pad} penColor="#102a43" backgroundColor="rgba(255,255,255,0)"
        canvasProps={{ height: 160, 'aria-label': t('signature.pad'), role: 'img', 'data-testid': 'signature-pad' } as React.CanvasHTMLAttributes<HTMLCanvasElement>}
        onEnd={() => onChange?.(pad.current && !pad.current.isEmpty() ? pad.current.getCanvas().toDataURL('image/png') : null)}
      />
      <Button size="small" onClick={() => { pad.current?.clear(); onChange?.(null); }}>{t('signature.clear')}</Button>
    </div>
  );
}

/**
 * The signature of an approval at a signing node: the signer's password again, the meaning, and optionally
 * a handwritten signature (drawn now, or the saved one). The values live under `signature` in the dialog's form.
 */
export function SignatureFields({ meanings }: { meanings: SignatureMeaning[] }) {
  const { t } = useTranslation('tasks');
  const saved = useQuery({ queryKey: SAVED_SIGNATURE_KEY, queryFn: signatureApi.saved });
  const hasSaved = !!saved.data?.image;
  return (
    <fieldset className="tasks-signature" aria-label={t('signature.title')}>
      <Typography.Paragraph type="secondary">{t('signature.explain')}</Typography.Paragraph>
      <Form.Item name={['signature', 'meaning']} label={t('signature.meaning')} initialValue={meanings[0]} rules={[{ required: true, message: t('signature.meaningRequired') }]}>
        <Radio.Group options={meanings.map((m) => ({ value: m, label: t(`signature.meanings.${m}`) }))} />
      </Form.Item>
      <Form.Item name={['signature', 'password']} label={t('signature.password')} rules={[{ required: true, message: t('signature.passwordRequired') }]}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item name={['signature', 'hand']} label={t('signature.handwritten')} initialValue="none">
        <Radio.Group>
          <Radio value="none">{t('signature.handNone')}</Radio>
          <Radio value="draw">{t('signature.handDraw')}</Radio>
          <Radio value="saved" disabled={!hasSaved}>{t('signature.handSaved')}</Radio>
        </Radio.Group>
      </Form.Item>
      <Form.Item noStyle shouldUpdate={(a, b) => a.signature?.hand !== b.signature?.hand}>
        {({ getFieldValue }) => {
          const hand = getFieldValue(['signature', 'hand']);
          if (hand === 'saved' && saved.data?.image) return <img className="tasks-signature-image" src={saved.data.image} alt={t('signature.handSaved')} />;
          if (hand !== 'draw') return null;
          return (
            <Space direction="vertical" style={{ width: '100%' }}>
              <Form.Item name={['signature', 'image']} rules={[{ required: true, message: t('signature.drawRequired') }]} style={{ marginBottom: 4 }}>
                <SignaturePad />
              </Form.Item>
              <Form.Item name={['signature', 'saveAsMine']} valuePropName="checked" style={{ marginBottom: 8 }}>
                <Checkbox>{t('signature.saveAsMine')}</Checkbox>
              </Form.Item>
            </Space>
          );
        }}
      </Form.Item>
    </fieldset>
  );
}
