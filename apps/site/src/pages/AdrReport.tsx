import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ADR_OUTCOMES, ADR_SEXES, adrReportInputSchema } from '@bencao/contracts';
import { useArticles } from '../api/site';
import { submitForm } from '../api/submit';
import { ApiError } from '../api/envelope';
import { useDocumentMeta } from '../lib/seo';
import { PageHead } from '../ui/PageHead';
import { useSubmissionText } from './submissionText';
import { fieldErrors, Honeypot, SubmissionField } from './SubmissionField';
import { PrivacyLink } from './PrivacyLink';
import './submissions.css';

const OTHER = 'other';
const EMPTY = { product: '', productName: '', batchNo: '', patientAge: '', patientSex: '', reaction: '', onsetDate: '', outcome: '', reporterName: '', contact: '', consent: false, website: '' };
type Values = typeof EMPTY;

/** the visitor's local calendar day, the latest onset the date box offers */
const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** 药品不良反应报告: a visitor reports a suspected reaction to one of the company's products. */
export default function AdrReport() {
  const { lang, st } = useSubmissionText();
  const [params] = useSearchParams();
  const products = useArticles<unknown>({ kind: 'product', limit: 100 }).data?.records ?? [];
  const [v, setV] = useState<Values>(() => ({ ...EMPTY, product: params.get('productId') ?? '' }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState('');
  const [sending, setSending] = useState(false);
  const [reference, setReference] = useState<string | null>(null);
  useDocumentMeta(st('adr.title'), st('adr.subtitle'));

  const set = <K extends keyof Values>(k: K, value: Values[K]) => setV((cur) => ({ ...cur, [k]: value }));
  const chosen = products.find((p) => String(p.id) === v.product);
  const payload = () => ({
    productId: chosen ? chosen.id : undefined,
    productName: chosen ? chosen.title : v.productName,
    batchNo: v.batchNo, patientAge: v.patientAge, patientSex: v.patientSex, reaction: v.reaction, onsetDate: v.onsetDate,
    outcome: v.outcome, reporterName: v.reporterName, contact: v.contact, consent: v.consent, website: v.website,
  });

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setFailure('');
    const found = fieldErrors(adrReportInputSchema, payload(), lang);
    if (!v.product) found.productName = found.productName ?? st('adr.productPick');
    // the date box's max is only a hint to the picker: a typed future day is refused here as on the server
    if (!found.onsetDate && v.onsetDate > today()) found.onsetDate = st('adr.onsetFuture');
    setErrors(found);
    if (Object.keys(found).length) {
      setFailure(st('form.fix'));
      const first = ['productName', ...Object.keys(EMPTY)].find((k) => found[k]);
      document.getElementById(first === 'productName' && v.product !== OTHER ? 'adr-product' : `adr-${first}`)?.focus();
      return;
    }
    setSending(true);
    try {
      const res = await submitForm<{ reference: string | null }>('/adr/reports', payload(), lang);
      setReference(res.reference ?? '');
      window.scrollTo({ top: 0 });
    } catch (err) {
      setFailure(err instanceof ApiError ? err.message : String(err));
    } finally {
      setSending(false);
    }
  };

  const field = (name: keyof Values, label: string, extra: { hint?: string; required?: boolean } = {}) =>
    ({ id: `adr-${name}`, label, error: errors[name], required: extra.required ?? true, hint: extra.hint, requiredText: st('form.required') });

  return (
    <>
      <PageHead title={st('adr.title')} subtitle={st('adr.subtitle')} crumbs={[{ label: st('cs.title'), to: '/cs' }, { label: st('adr.title') }]} />
      <div className="container section narrow">
        {reference !== null ? (
          <div className="sub-form sub-done" role="status">
            <h2>{st('adr.done')}</h2>
            {reference && <p className="sub-ref">{st('adr.reference', { ref: reference })}</p>}
            <p>{st('adr.doneText')}</p>
            <p className="sub-actions" style={{ justifyContent: 'center' }}>
              <button type="button" className="btn btn-ghost" onClick={() => { setV(EMPTY); setErrors({}); setReference(null); }}>{st('adr.again')}</button>
              <Link className="btn btn-primary" to="/cs">{st('cs.back')}</Link>
            </p>
          </div>
        ) : (
          <form className="sub-form" noValidate onSubmit={onSubmit} aria-labelledby="adr-form-title">
            <h2 id="adr-form-title" className="sr-only">{st('adr.title')}</h2>
            <p className="sub-lead">{st('adr.lead')}</p>
            {failure && <p className="sub-alert" role="alert">{failure}</p>}
            <div className="sub-grid">
              <SubmissionField {...field('productName', st('adr.product'))} id="adr-product" error={v.product === OTHER ? undefined : errors.productName}>
                {(aria) => (
                  <select {...aria} value={v.product} onChange={(e) => set('product', e.target.value)}>
                    <option value="">{st('adr.productPick')}</option>
                    {products.map((p) => <option key={p.id} value={String(p.id)}>{p.title}</option>)}
                    <option value={OTHER}>{st('adr.productOther')}</option>
                  </select>
                )}
              </SubmissionField>
              {v.product === OTHER ? (
                <SubmissionField {...field('productName', st('adr.productName'))}>
                  {(aria) => <input {...aria} value={v.productName} maxLength={100} onChange={(e) => set('productName', e.target.value)} />}
                </SubmissionField>
              ) : <div aria-hidden="true" />}
              <SubmissionField {...field('batchNo', st('adr.batchNo'), { hint: st('adr.batchHint') })}>
                {(aria) => <input {...aria} value={v.batchNo} maxLength={40} autoCapitalize="characters" onChange={(e) => set('batchNo', e.target.value)} />}
              </SubmissionField>
              <SubmissionField {...field('onsetDate', st('adr.onsetDate'))}>
                {(aria) => <input {...aria} type="date" max={today()} value={v.onsetDate} onChange={(e) => set('onsetDate', e.target.value)} />}
              </SubmissionField>
            </div>
            <fieldset>
              <legend>{st('form.patientGroup')}</legend>
              <div className="sub-grid">
                <SubmissionField {...field('patientAge', st('adr.patientAge'))}>
                  {(aria) => <input {...aria} type="number" inputMode="numeric" min={0} max={130} value={v.patientAge} onChange={(e) => set('patientAge', e.target.value)} />}
                </SubmissionField>
                <div className={errors.patientSex ? 'field sub-field has-error' : 'field sub-field'} role="radiogroup" aria-labelledby="adr-sex-label" aria-describedby={errors.patientSex ? 'adr-patientSex-error' : undefined}>
                  <label id="adr-sex-label">{st('adr.patientSex')}<span className="req" aria-hidden="true"> *</span></label>
                  <div className="sub-choices">
                    {ADR_SEXES.map((s, i) => (
                      <label key={s}>
                        <input type="radio" name="patientSex" id={i === 0 ? 'adr-patientSex' : undefined} value={s} checked={v.patientSex === s} onChange={() => set('patientSex', s)} />
                        {st(`adr.sex.${s}`)}
                      </label>
                    ))}
                  </div>
                  {errors.patientSex && <p id="adr-patientSex-error" className="field-error">{errors.patientSex}</p>}
                </div>
              </div>
              <SubmissionField {...field('reaction', st('adr.reaction'), { hint: st('adr.reactionHint') })}>
                {(aria) => <textarea {...aria} value={v.reaction} maxLength={2000} onChange={(e) => set('reaction', e.target.value)} />}
              </SubmissionField>
              <SubmissionField {...field('outcome', st('adr.outcome'))}>
                {(aria) => (
                  <select {...aria} value={v.outcome} onChange={(e) => set('outcome', e.target.value)}>
                    <option value="">{st('adr.outcomePick')}</option>
                    {ADR_OUTCOMES.map((o) => <option key={o} value={o}>{st(`adr.outcome.${o}`)}</option>)}
                  </select>
                )}
              </SubmissionField>
            </fieldset>
            <fieldset>
              <legend>{st('form.reporterGroup')}</legend>
              <div className="sub-grid">
                <SubmissionField {...field('reporterName', st('adr.reporterName'))}>
                  {(aria) => <input {...aria} value={v.reporterName} maxLength={50} autoComplete="name" onChange={(e) => set('reporterName', e.target.value)} />}
                </SubmissionField>
                <SubmissionField {...field('contact', st('adr.contact'), { hint: st('adr.contactHint') })}>
                  {(aria) => <input {...aria} value={v.contact} maxLength={254} autoComplete="tel" onChange={(e) => set('contact', e.target.value)} />}
                </SubmissionField>
              </div>
            </fieldset>
            <div className={errors.consent ? 'field sub-field sub-consent has-error' : 'field sub-field sub-consent'}>
              <label>
                <input type="checkbox" id="adr-consent" checked={v.consent} aria-invalid={!!errors.consent} aria-describedby={errors.consent ? 'adr-consent-error' : undefined} onChange={(e) => set('consent', e.target.checked)} />
                <span>{st('adr.consent')}</span>
              </label>
              <PrivacyLink text={st('form.privacyLink')} />
              {errors.consent && <p id="adr-consent-error" className="field-error">{errors.consent}</p>}
            </div>
            <Honeypot value={v.website} onChange={(x) => set('website', x)} />
            <div className="sub-actions">
              <button type="submit" className="btn btn-primary" disabled={sending}>{sending ? st('adr.sending') : st('adr.submit')}</button>
            </div>
          </form>
        )}
      </div>
    </>
  );
}
