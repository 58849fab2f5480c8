import { useState, type FormEvent } from 'react';
import { APPLICATION_CONSENT, CV_MAX_BYTES, applicationInputSchema } from '@bencao/contracts';
import { submitForm } from '../api/submit';
import { ApiError } from '../api/envelope';
import { PrivacyLink } from './PrivacyLink';
import { useSubmissionText } from './submissionText';
import { fieldErrors, Honeypot, SubmissionField } from './SubmissionField';
import './submissions.css';

const EMPTY = { name: '', phone: '', email: '', coverNote: '', website: '' };
const CV_ACCEPT = '.pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/**
 * The application form of a job: the applicant's details and a CV (PDF, DOC or DOCX, ≤ 5 MB). The page
 * checks what it can (the fields with the shared schema, the CV's size and name); the server judges the
 * CV by its bytes. A lazy chunk (it brings the shared schemas), loaded when the visitor chooses to apply.
 */
export default function JobApply({ jobId, onCancel }: { jobId: number; onCancel: () => void }) {
  const { lang, st } = useSubmissionText();
  const [v, setV] = useState(EMPTY);
  const [cv, setCv] = useState<File | null>(null);
  const [consent, setConsent] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState('');
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState(false);

  if (done) {
    return (
      <section className="job-block job-apply sub-form sub-done" role="status">
        <h2>{st('job.done')}</h2>
        <p>{st('job.doneText')}</p>
      </section>
    );
  }

  const set = (k: keyof typeof EMPTY, value: string) => setV((cur) => ({ ...cur, [k]: value }));
  const cvError = (f: File | null) => {
    if (!f) return st('job.cvMissing');
    if (f.size > CV_MAX_BYTES) return st('job.cvTooLarge');
    if (!/\.(pdf|docx?)$/i.test(f.name)) return st('job.cvType');
    return '';
  };
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setFailure('');
    const found = fieldErrors(applicationInputSchema, { ...v, consent }, lang);
    const fileProblem = cvError(cv);
    if (fileProblem) found.cv = fileProblem;
    setErrors(found);
    const first = ['name', 'phone', 'email', 'coverNote', 'cv', 'consent'].find((k) => found[k]);
    if (first) {
      setFailure(st('form.fix'));
      document.getElementById(`apply-${first}`)?.focus();
      return;
    }
    const body = new FormData();
    for (const [k, value] of Object.entries(v)) body.append(k, value);
    body.append('consent', consent ? 'on' : '');
    body.append('cv', cv!, cv!.name);
    setSending(true);
    try {
      await submitForm(`/recruit/jobs/${jobId}/applications`, body, lang);
      setDone(true);
    } catch (err) {
      setFailure(err instanceof ApiError ? err.message : String(err));
      // a refusal of one field (the CV judged by its bytes): marked there, and the focus goes to it
      if (err instanceof ApiError && err.field) {
        setErrors({ [err.field]: err.message });
        document.getElementById(`apply-${err.field}`)?.focus();
      }
    } finally {
      setSending(false);
    }
  };
  const field = (name: string, label: string, extra: { hint?: string; required?: boolean } = {}) =>
    ({ id: `apply-${name}`, label, error: errors[name], required: extra.required ?? true, hint: extra.hint, requiredText: st('form.required') });

  return (
    <section className="job-block job-apply" aria-labelledby="apply-title">
      <h2 id="apply-title">{st('job.applyTitle')}</h2>
      <form className="sub-form" noValidate onSubmit={onSubmit}>
        {failure && <p className="sub-alert" role="alert">{failure}</p>}
        <div className="sub-grid">
          <SubmissionField {...field('name', st('job.name'))}>
            {(aria) => <input {...aria} value={v.name} maxLength={50} autoComplete="name" onChange={(e) => set('name', e.target.value)} />}
          </SubmissionField>
          <SubmissionField {...field('phone', st('job.phone'))}>
            {(aria) => <input {...aria} type="tel" inputMode="tel" value={v.phone} maxLength={11} autoComplete="tel" onChange={(e) => set('phone', e.target.value)} />}
          </SubmissionField>
        </div>
        <SubmissionField {...field('email', st('job.email'))}>
          {(aria) => <input {...aria} type="email" value={v.email} maxLength={254} autoComplete="email" onChange={(e) => set('email', e.target.value)} />}
        </SubmissionField>
        <SubmissionField {...field('coverNote', st('job.coverNote'), { required: false })}>
          {(aria) => <textarea {...aria} value={v.coverNote} maxLength={2000} onChange={(e) => set('coverNote', e.target.value)} />}
        </SubmissionField>
        <SubmissionField {...field('cv', st('job.cv'), { hint: `${st('job.cvHint')} ${st('job.privacy')}` })}>
          {(aria) => <input {...aria} type="file" accept={CV_ACCEPT} onChange={(e) => setCv(e.target.files?.[0] ?? null)} />}
        </SubmissionField>
        <div className={errors.consent ? 'field sub-field sub-consent has-error' : 'field sub-field sub-consent'}>
          <label>
            <input type="checkbox" id="apply-consent" checked={consent} aria-required aria-invalid={!!errors.consent}
              aria-describedby={errors.consent ? 'apply-consent-error' : undefined} onChange={(e) => setConsent(e.target.checked)} />
            <span>{APPLICATION_CONSENT[lang]}</span>
            <span className="req" aria-hidden="true"> *</span>
          </label>
          <PrivacyLink text={st('form.privacyLink')} />
          {errors.consent && <p id="apply-consent-error" className="field-error">{errors.consent}</p>}
        </div>
        <Honeypot value={v.website} onChange={(x) => set('website', x)} />
        <div className="sub-actions">
          <button type="submit" className="btn btn-primary" disabled={sending}>{sending ? st('job.sending') : st('job.submit')}</button>
          <button type="button" className="btn btn-ghost" onClick={onCancel}>{st('job.cancel')}</button>
        </div>
      </form>
    </section>
  );
}
