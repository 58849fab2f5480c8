import { Link } from 'react-router';
import type { ArticleSummary, JobFields } from '../api/types';
import { formatDate } from '../lib/format';
import { useT } from '../i18n';
import { contentLang } from '../ui/Untranslated';

export function JobRow({ j }: { j: ArticleSummary<JobFields> }) {
  const f = j.fields;
  const t = useT();
  return (
    <li className="job-row">
      <Link to={`/jobDetail?id=${j.id}`} className="job-row-link">
        <span className="job-title" lang={contentLang(j.untranslated)}>{j.title}</span>
        <span className="job-meta">
          {f.department && <span lang={contentLang(j.untranslated)}>{f.department}</span>}
          {f.location && <span lang={contentLang(j.untranslated)}>{f.location}</span>}
          {f.headcount != null && <span>{t('jobs.headcount', { n: f.headcount })}</span>}
          {f.education && <span lang={contentLang(j.untranslated)}>{f.education}</span>}
          {f.experience && <span lang={contentLang(j.untranslated)}>{f.experience}</span>}
        </span>
        <span className="job-date">{f.endDate ? t('jobs.until', { v: formatDate(f.endDate) }) : formatDate(j.publishedAt)}</span>
      </Link>
    </li>
  );
}
