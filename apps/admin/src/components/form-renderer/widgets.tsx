import { Suspense, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Cascader, Checkbox, DatePicker, Input, InputNumber, Radio, Select, Switch, TimePicker, Typography, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { amountInWords, textOf, type FormField, type Lang } from '@bencao/contracts';
import { call, request } from '@/lib/request';
import { useDict } from '@/components/DictSelect';
import { OrganSelect, StaffSelect } from '@/components/OrganPickers';
import { LazyRichTextEditor, type RichTextLabels } from '@/components/rich-text';

/** Props antd's Form.Item gives a control. */
export interface ControlProps { value?: unknown; onChange?: (v: unknown) => void; disabled?: boolean; id?: string }

const DATE = 'YYYY-MM-DD';
/** InputNumber may hand over its text; the document holds numbers. */
const toNumber = (v: unknown) => (v === null || v === undefined || v === '' ? null : typeof v === 'number' ? v : Number.isFinite(Number(v)) ? Number(v) : v);
const TIME = 'HH:mm:ss';

/** Options typed in or from a dictionary. */
function useOptions(f: FormField, lang: Lang) {
  const dict = useDict(f.dictCode ?? '');
  if (f.dictCode) return (dict.data ?? []).map((d) => ({ value: d.code, label: d.name }));
  return (f.options ?? []).map((o) => ({ value: o.value, label: textOf(o.label, lang, o.value) }));
}

function DateControl({ value, onChange, disabled, id }: ControlProps) {
  return <DatePicker id={id} style={{ width: '100%' }} disabled={disabled} value={typeof value === 'string' && value ? dayjs(value) : null}
    onChange={(d: Dayjs | null) => onChange?.(d ? d.format(DATE) : null)} />;
}
function DateRangeControl({ value, onChange, disabled, id }: ControlProps) {
  const v = Array.isArray(value) && value.length === 2 ? [dayjs(value[0] as string), dayjs(value[1] as string)] as [Dayjs, Dayjs] : null;
  return <DatePicker.RangePicker id={id} style={{ width: '100%' }} disabled={disabled} value={v}
    onChange={(d) => onChange?.(d && d[0] && d[1] ? [d[0].format(DATE), d[1].format(DATE)] : null)} />;
}
function TimeControl({ value, onChange, disabled, id }: ControlProps) {
  return <TimePicker id={id} style={{ width: '100%' }} disabled={disabled} value={typeof value === 'string' && value ? dayjs(value, TIME) : null}
    onChange={(d: Dayjs | null) => onChange?.(d ? d.format(TIME) : null)} />;
}

function MoneyControl({ f, value, onChange, disabled, id }: ControlProps & { f: FormField }) {
  const { t } = useTranslation('cform');
  return (
    <div>
      <InputNumber id={id} style={{ width: '100%' }} disabled={disabled} precision={f.precision ?? 2} min={f.min} max={f.max} prefix="¥"
        value={value as number | null} onChange={(v) => onChange?.(toNumber(v))} />
      {typeof value === 'number' && <Typography.Text type="secondary" data-testid={`words-${f.key}`}>{t('renderer.inWords')}{amountInWords(value)}</Typography.Text>}
    </div>
  );
}

interface RegionNode { code: string; name: string; hasChildren: boolean }
interface RegionOption { value: string; label: string; isLeaf: boolean; children?: RegionOption[] }
function RegionControl({ value, onChange, disabled, id }: ControlProps) {
  const [options, setOptions] = useState<RegionOption[] | null>(null);
  const toOpt = (r: RegionNode): RegionOption => ({ value: r.code, label: r.name, isLeaf: !r.hasChildren });
  const roots = useQuery({
    queryKey: ['regions', 'root'],
    queryFn: () => call<RegionNode[]>('GET', '/api/common/regions/children'),
    staleTime: 300_000,
  });
  const opts = options ?? (roots.data ?? []).map(toOpt);
  return (
    <Cascader id={id} style={{ width: '100%' }} disabled={disabled} changeOnSelect options={opts} value={(value as string[] | undefined) ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      loadData={async (selected) => {
        const target = selected[selected.length - 1] as RegionOption;
        const kids = await call<RegionNode[]>('GET', '/api/common/regions/children', { params: { parentCode: target.value } });
        target.children = kids.map(toOpt);
        setOptions([...opts]);
      }} />
  );
}

interface FileRef { name: string; url: string }

/** Form files are private: fetched with the session's token, then shown or saved from a blob address. */
async function fetchFile(url: string) {
  return URL.createObjectURL(await request<Blob>({ method: 'GET', url, responseType: 'blob' }));
}

function UploadControl({ f, value, onChange, disabled }: ControlProps & { f: FormField }) {
  const { t } = useTranslation('cform');
  const files = (Array.isArray(value) ? value : []) as FileRef[];
  const thumbs = useQuery({
    queryKey: ['form-file-thumbs', f.imagesOnly ? files.map((x) => x.url) : []],
    enabled: !!f.imagesOnly && files.length > 0,
    staleTime: Infinity,
    queryFn: async () => Object.fromEntries(await Promise.all(files.map(async (x) => [x.url, await fetchFile(x.url).catch(() => '')] as const))),
  });
  return (
    <Upload
      disabled={disabled} listType={f.imagesOnly ? 'picture-card' : 'text'} accept={f.imagesOnly ? 'image/*' : undefined} maxCount={20}
      fileList={files.map((x, i) => ({ uid: `${i}-${x.url}`, name: x.name, url: x.url, thumbUrl: thumbs.data?.[x.url] || undefined, status: 'done' as const }))}
      onPreview={async (x) => {
        const href = await fetchFile(x.url!);
        const link = document.createElement('a');
        link.href = href;
        if (f.imagesOnly) link.target = '_blank'; else link.download = x.name;
        link.click();
        setTimeout(() => URL.revokeObjectURL(href), 60_000);
      }}
      customRequest={async ({ file, onError, onSuccess }) => {
        const body = new FormData();
        body.append('file', file as Blob);
        try {
          const saved = await call<FileRef>('POST', '/api/forms/files', { form: body });
          onChange?.([...files, saved]);
          onSuccess?.(saved);
        } catch (e) {
          onError?.(e as Error);
        }
      }}
      onRemove={(x) => { onChange?.(files.filter((y) => y.url !== x.url)); return true; }}
    >
      {!disabled && (f.imagesOnly ? <UploadOutlined /> : <Button icon={<UploadOutlined />}>{t('renderer.upload')}</Button>)}
    </Upload>
  );
}

function ChoiceControl({ f, lang, value, onChange, disabled, id }: ControlProps & { f: FormField; lang: Lang }) {
  const options = useOptions(f, lang);
  if (f.type === 'radio') return <Radio.Group id={id} disabled={disabled} options={options} value={value} onChange={(e) => onChange?.(e.target.value)} />;
  if (f.type === 'checkbox') return <Checkbox.Group disabled={disabled} options={options} value={(value as string[]) ?? []} onChange={(v) => onChange?.(v)} />;
  return (
    <Select id={id} allowClear disabled={disabled} mode={f.multiple ? 'multiple' : undefined} options={options} value={value ?? undefined}
      placeholder={textOf(f.placeholder, lang)} onChange={(v) => onChange?.(v ?? null)} showSearch={{ optionFilterProp: 'label' }} />
  );
}

/** A rich-text field: the console's TipTap editor (its own lazy chunk); the server sanitizes what it stores. */
function RichTextControl({ value, onChange, disabled, id }: ControlProps) {
  const { t } = useTranslation('cform');
  const labels = t('richText', { returnObjects: true }) as RichTextLabels;
  return (
    <Suspense fallback={<Input.TextArea disabled rows={5} />}>
      <LazyRichTextEditor id={id} value={(value as string) ?? ''} onChange={(html) => onChange?.(html)} readOnly={disabled} labels={labels} minHeight={160} />
    </Suspense>
  );
}

/** The input of one widget (not sub-tables, display widgets or computed values: the renderer draws those). */
export function FieldControl({ f, lang, ...p }: ControlProps & { f: FormField; lang: Lang }) {
  const { t } = useTranslation('cform');
  const placeholder = textOf(f.placeholder, lang) || undefined;
  switch (f.type) {
    case 'text': return <Input id={p.id} disabled={p.disabled} placeholder={placeholder} maxLength={f.maxLength} value={(p.value as string) ?? ''} onChange={(e) => p.onChange?.(e.target.value)} />;
    case 'textarea': return <Input.TextArea id={p.id} disabled={p.disabled} placeholder={placeholder} maxLength={f.maxLength} rows={3} value={(p.value as string) ?? ''} onChange={(e) => p.onChange?.(e.target.value)} />;
    case 'richText': return <RichTextControl {...p} />;
    case 'number': return <InputNumber id={p.id} style={{ width: '100%' }} disabled={p.disabled} placeholder={placeholder} precision={f.precision} min={f.min} max={f.max}
      suffix={f.currency} value={p.value as number | null} onChange={(v) => p.onChange?.(toNumber(v))} />;
    case 'money': return <MoneyControl f={f} {...p} />;
    case 'date': return <DateControl {...p} />;
    case 'dateRange': return <DateRangeControl {...p} />;
    case 'time': return <TimeControl {...p} />;
    case 'select': case 'radio': case 'checkbox': return <ChoiceControl f={f} lang={lang} {...p} />;
    case 'switch': return <Switch id={p.id} disabled={p.disabled} checked={p.value === true} onChange={(v) => p.onChange?.(v)} />;
    case 'organ': return <OrganSelect id={p.id} disabled={p.disabled} value={(p.value as number) ?? null} onChange={(v) => p.onChange?.(v ?? null)} />;
    case 'user': return <StaffSelect id={p.id} disabled={p.disabled} value={(p.value as number) ?? null} onChange={(v) => p.onChange?.(v ?? null)} />;
    case 'region': return <RegionControl {...p} />;
    case 'upload': return <UploadControl f={f} {...p} />;
    case 'serial': return <Input id={p.id} disabled value={(p.value as string) ?? ''} placeholder={t('renderer.serialOnSubmit')} />;
    default: return null;
  }
}
