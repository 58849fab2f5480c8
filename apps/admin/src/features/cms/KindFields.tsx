import { useTranslation } from 'react-i18next';
import { AutoComplete, Button, Col, DatePicker, Form, Input, InputNumber, Radio, Row, Select, Space } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { BID_TYPES, translate, type ArticleKind } from '@bencao/contracts';
import { langOf } from '@/lib/zodRule';
import { useCategories } from './api';
import { MediaListInput } from './MediaInput';

const { TextArea } = Input;

/** Form.Item props keeping a date string in the form while the picker works with dayjs */
export const dateProps = (format: string) => ({
  getValueProps: (v: string | null | undefined) => ({ value: v ? dayjs(v) : null }),
  normalize: (d: dayjs.Dayjs | null) => (d ? d.format(format) : null),
});
const DAY = 'YYYY-MM-DD';
const MINUTE = 'YYYY-MM-DD HH:mm';

function CategoryInput({ kind, value, onChange, id }: { kind: ArticleKind; value?: string; onChange?: (v: string) => void; id?: string }) {
  const cats = useCategories(kind);
  return <AutoComplete id={id} value={value} onChange={onChange} options={(cats.data ?? []).map((c) => ({ value: c.name, label: `${c.name}（${c.count}）` }))} maxLength={40} />;
}

/** The typed fields of each kind (`fields` in the article), laid out for an editor. */
export function KindFields({ kind }: { kind: ArticleKind }) {
  const { t, i18n } = useTranslation('cms');
  const tv = (key: 'valid.salaryBelowMin') => translate(langOf(i18n.language), key);
  const f = (name: string) => ['fields', name];
  const label = (name: string) => t(`field.${name}`);
  const text = (name: string, required = false, max = 200) => (
    <Form.Item name={f(name)} label={label(name)} rules={[{ required, whitespace: true, max }]}><Input maxLength={max} /></Form.Item>
  );
  const area = (name: string, required = false, rows = 3, max = 4000) => (
    <Form.Item name={f(name)} label={label(name)} rules={[{ required, whitespace: true, max }]}><TextArea autoSize={{ minRows: rows, maxRows: 12 }} maxLength={max} /></Form.Item>
  );

  if (kind === 'news' || kind === 'medicine') {
    return (
      <Row gutter={16}>
        <Col xs={24} md={8}><Form.Item name={f('category')} label={label('category')} rules={[{ max: 40 }]}><CategoryInput kind={kind} /></Form.Item></Col>
        <Col xs={24} md={8}>{text('source', false, 100)}</Col>
        <Col xs={24} md={8}>{text('author', false, 60)}</Col>
      </Row>
    );
  }
  if (kind === 'product') {
    return (
      <>
        <Row gutter={16}>
          <Col xs={24} md={8}>{text('name', true, 100)}</Col>
          <Col xs={24} md={8}>{text('pinyin', false, 200)}</Col>
          <Col xs={24} md={8}><Form.Item name={f('category')} label={label('category')} rules={[{ required: true, whitespace: true, max: 40 }]}><CategoryInput kind="product" /></Form.Item></Col>
          <Col xs={24} md={8}>{text('approvalNumber', true, 60)}</Col>
          <Col xs={24} md={8}>{text('manufacturer', true)}</Col>
          <Col xs={24} md={8}>
            <Form.Item name={f('rxOtc')} label={label('rxOtc')} rules={[{ required: true }]}>
              <Radio.Group optionType="button" options={[{ value: 'OTC', label: 'OTC' }, { value: 'Rx', label: 'Rx' }]} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>{text('specification', false, 500)}</Col>
          <Col xs={24} md={8}>{text('validity', false, 100)}</Col>
          <Col xs={24} md={8}>{text('storage', false, 300)}</Col>
          <Col xs={24} md={12}>{text('packaging', false, 300)}</Col>
          <Col xs={24} md={12}>{text('standard', false, 300)}</Col>
        </Row>
        {area('ingredients', true, 2, 2000)}
        {area('appearance', false, 2, 1000)}
        {area('indications', true, 3, 2000)}
        {area('usage', false, 2, 1000)}
        <Row gutter={16}>
          <Col xs={24} md={12}>{area('adverseReactions', false, 2, 1000)}</Col>
          <Col xs={24} md={12}>{area('contraindications', false, 2, 1000)}</Col>
        </Row>
        {area('precautions', false, 4, 3000)}
        <Form.Item name={f('images')} label={label('images')}><MediaListInput /></Form.Item>
      </>
    );
  }
  if (kind === 'job') {
    return (
      <>
        <Row gutter={16}>
          <Col xs={24} md={8}>{text('department', true, 60)}</Col>
          <Col xs={24} md={8}>{text('location', true, 60)}</Col>
          <Col xs={24} md={8}><Form.Item name={f('headcount')} label={label('headcount')} rules={[{ required: true }]}><InputNumber min={1} max={999} precision={0} style={{ width: '100%' }} /></Form.Item></Col>
          <Col xs={24} md={8}>{text('education', false, 60)}</Col>
          <Col xs={24} md={8}>{text('experience', false, 60)}</Col>
          <Col xs={24} md={8}>{text('contact', false)}</Col>
          <Col xs={24} md={12}><Form.Item name={f('salaryMin')} label={label('salaryMin')}><InputNumber min={0} max={9_999_999} precision={0} style={{ width: '100%' }} /></Form.Item></Col>
          <Col xs={24} md={12}>
            <Form.Item name={f('salaryMax')} label={label('salaryMax')} dependencies={[f('salaryMin')]}
              rules={[({ getFieldValue }) => ({ validator: (_r, v) => (v == null || getFieldValue(f('salaryMin')) == null || v >= getFieldValue(f('salaryMin')) ? Promise.resolve() : Promise.reject(new Error(tv('valid.salaryBelowMin')))) })]}>
              <InputNumber min={0} max={9_999_999} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}><Form.Item name={f('startDate')} label={label('startDate')} rules={[{ required: true }]} {...dateProps(DAY)}><DatePicker style={{ width: '100%' }} /></Form.Item></Col>
          <Col xs={24} md={12}><Form.Item name={f('endDate')} label={label('endDate')} rules={[{ required: true }]} {...dateProps(DAY)}><DatePicker style={{ width: '100%' }} /></Form.Item></Col>
        </Row>
        {area('duties', true, 4)}
        {area('requirements', true, 4)}
      </>
    );
  }
  if (kind === 'bid') {
    const when = (name: string) => (
      <Form.Item name={f(name)} label={label(name)} {...dateProps(MINUTE)}><DatePicker showTime={{ format: 'HH:mm' }} format={MINUTE} style={{ width: '100%' }} /></Form.Item>
    );
    return (
      <>
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item name={f('bidType')} label={label('bidType')} rules={[{ required: true }]}>
              <Select options={BID_TYPES.map((b) => ({ value: b, label: t(`bidType.${b}`) }))} />
            </Form.Item>
          </Col>
          <Col xs={24} md={16}>{text('project', true)}</Col>
          <Col xs={24} md={12}>{text('purchaser', true)}</Col>
          <Col xs={24} md={12}>{text('budget', false, 100)}</Col>
          <Col xs={24} md={6}>{when('documentStart')}</Col>
          <Col xs={24} md={6}>{when('documentEnd')}</Col>
          <Col xs={24} md={6}>{when('bidDeadline')}</Col>
          <Col xs={24} md={6}>{when('openingTime')}</Col>
          <Col xs={24} md={12}>{text('openingPlace', false)}</Col>
          <Col xs={24} md={12}>{text('winner', false)}</Col>
        </Row>
        {area('qualifications', false, 3)}
        {text('contact', false, 300)}
        <Form.Item label={label('attachments')}>
          <Form.List name={f('attachments')}>
            {(items, { add, remove }) => (
              <>
                {items.map(({ key, name }) => (
                  <Space key={key} align="baseline" style={{ display: 'flex' }}>
                    <Form.Item name={[name, 'name']} rules={[{ required: true, whitespace: true, max: 200 }]}><Input placeholder={label('attachmentName')} aria-label={label('attachmentName')} style={{ width: 260 }} /></Form.Item>
                    <Form.Item name={[name, 'url']} rules={[{ required: true, pattern: /^https?:\/\//, max: 1000 }]}><Input placeholder={label('attachmentUrl')} aria-label={label('attachmentUrl')} style={{ width: 380 }} /></Form.Item>
                    <Button type="text" icon={<MinusCircleOutlined />} aria-label={t('action.remove')} onClick={() => remove(name)} />
                  </Space>
                ))}
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ name: '', url: '' })}>{label('attachments')}</Button>
              </>
            )}
          </Form.List>
        </Form.Item>
      </>
    );
  }
  // page
  return (
    <>
      {text('subtitle', false)}
      <Form.Item label={label('highlights')}>
        <Form.List name={f('highlights')}>
          {(items, { add, remove }) => (
            <>
              {items.map(({ key, name }) => (
                <Space key={key} align="baseline" style={{ display: 'flex' }}>
                  <Form.Item name={[name, 'label']} rules={[{ required: true, whitespace: true, max: 40 }]}><Input placeholder={label('highlightLabel')} aria-label={label('highlightLabel')} /></Form.Item>
                  <Form.Item name={[name, 'value']} rules={[{ required: true, whitespace: true, max: 40 }]}><Input placeholder={label('highlightValue')} aria-label={label('highlightValue')} /></Form.Item>
                  <Button type="text" icon={<MinusCircleOutlined />} aria-label={t('action.remove')} onClick={() => remove(name)} />
                </Space>
              ))}
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ label: '', value: '' })}>{label('highlights')}</Button>
            </>
          )}
        </Form.List>
      </Form.Item>
      <Form.Item label={label('timeline')}>
        <Form.List name={f('timeline')}>
          {(items, { add, remove }) => (
            <>
              {items.map(({ key, name }) => (
                <Space key={key} align="baseline" style={{ display: 'flex' }}>
                  <Form.Item name={[name, 'year']} rules={[{ required: true, whitespace: true, max: 20 }]}><Input placeholder={label('year')} aria-label={label('year')} style={{ width: 100 }} /></Form.Item>
                  <Form.Item name={[name, 'text']} rules={[{ required: true, whitespace: true, max: 400 }]}><Input placeholder={label('text')} aria-label={label('text')} style={{ width: 520 }} /></Form.Item>
                  <Button type="text" icon={<MinusCircleOutlined />} aria-label={t('action.remove')} onClick={() => remove(name)} />
                </Space>
              ))}
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ year: '', text: '' })}>{label('timeline')}</Button>
            </>
          )}
        </Form.List>
      </Form.Item>
    </>
  );
}
