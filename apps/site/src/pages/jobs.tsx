import { Link } from 'react-router';
import type { ArticleSummary, JobFields } from '../api/types';
import { formatDate } from '../lib/format';
import { useT } from '../i18n';

export function JobRow({ j }: { j: ArticleSummary<JobFields> }) {
  const f = j.fields;
  const t = useT();
  return (
    <li className="job-row">
      <Link to={`/jobDetail?id=${j.id}`} className="job-row-link">
        <span className="job-title">{j.title}</span>
        <span className="job-meta">
          {f.department && <span>{f.department}</span>}
          {f.location && <span>{f.location}</span>}
          {f.headcount != null && <span>{t('jobs.headcount', { n: f.headcount })}</span>}
          {f.education && <span>{f.education}</span>}
          {f.experience && <span>{f.experience}</span>}
        </span>
        <span className="job-date">{f.endDate ? t('jobs.until', { v: formatDate(f.endDate) }) : formatDate(j.publishedAt)}</span>
      </Link>
    </li>
  );
}
