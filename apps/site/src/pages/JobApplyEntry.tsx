import { lazy, Suspense, useState } from 'react';
import { Loading } from '../ui/States';
import { useSubmissionText } from './submissionText';

const JobApply = lazy(() => import('./JobApply'));

/** "Apply" under a job: a closed job says so; an open one loads the form when the visitor asks for it. */
export function JobApplyEntry({ jobId, closed }: { jobId: number; closed: boolean }) {
  const { st } = useSubmissionText();
  const [open, setOpen] = useState(false);
  if (closed) return <section className="job-block job-apply"><p className="muted">{st('job.closed')}</p></section>;
  if (!open) {
    return (
      <section className="job-block job-apply">
        <button type="button" className="btn btn-primary" onClick={() => setOpen(true)}>{st('job.apply')}</button>
      </section>
    );
  }
  return (
    <Suspense fallback={<Loading rows={4} />}>
      <JobApply jobId={jobId} onCancel={() => setOpen(false)} />
    </Suspense>
  );
}
