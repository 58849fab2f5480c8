import { Navigate, useLocation, useParams } from 'react-router';
import { redirectRoute } from '@bencao/contracts/siteRedirect';

/** /redirect/:path* → /:path, keeping the query (used to reload a route in place); the server answers the same. */
export default function Redirect() {
  const { '*': rest = '' } = useParams();
  const { search } = useLocation();
  return <Navigate to={redirectRoute(rest, search) ?? '/404'} replace />;
}
