import { Navigate, useLocation, useParams } from 'react-router';

/** /redirect/:path* → /:path, keeping the query (used to reload a route in place). */
export default function Redirect() {
  const { '*': rest = '' } = useParams();
  const { search } = useLocation();
  const target = `/${rest.replace(/^\/+/, '')}` || '/homePage';
  return <Navigate to={`${target === '/' ? '/homePage' : target}${search}`} replace />;
}
