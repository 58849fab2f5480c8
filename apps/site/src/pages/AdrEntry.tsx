import { Link } from 'react-router';
import { useSubmissionText } from './submissionText';
import './submissions.css';

/** The way in from a product page and the customer-service page. */
export function AdrEntry({ productId }: { productId?: number | string }) {
  const { st } = useSubmissionText();
  return (
    <p className="sub-entry">
      <span>{st('adr.fromProduct')}</span>
      <Link className="btn btn-ghost" to={`/adrReport${productId ? `?productId=${productId}` : ''}`}>{st('adr.link')}</Link>
    </p>
  );
}
