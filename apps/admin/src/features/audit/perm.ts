import { useQuery } from '@tanstack/react-query';
import { call } from '@/lib/request';

/** The session of this console, so that the online list marks it and does not offer to kick it. */
export function useCurrentSessionId(): string | undefined {
  const me = useQuery({ queryKey: ['audit', 'me'], queryFn: () => call<{ sessionId: string }>('GET', '/api/admin/current/user'), staleTime: 60_000 });
  return me.data?.sessionId;
}
