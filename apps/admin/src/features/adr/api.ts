import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdrReportRow, AdrReview, AdrStatus, Page } from '@bencao/contracts';
import { call } from '@/lib/request';

export interface AdrListQuery { page: number; limit: number; sort?: string; order?: 'asc' | 'desc'; product?: string; reference?: string; status?: AdrStatus; from?: string; to?: string }
const clean = (q: object) => Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== '' && v !== null));

export const ADR_LIST_URL = '/api/adr/reports';
export const adrApi = {
  list: (q: AdrListQuery) => call<Page<AdrReportRow>>('GET', ADR_LIST_URL, { params: clean(q) }),
  get: (id: number) => call<AdrReportRow>('GET', `${ADR_LIST_URL}/${id}`),
  review: (id: number, body: AdrReview) => call<AdrReportRow>('POST', `${ADR_LIST_URL}/${id}/status`, { body }),
};

export const useAdrReports = (q: AdrListQuery) =>
  useQuery({ queryKey: ['adr', 'list', q], queryFn: () => adrApi.list(q), placeholderData: keepPreviousData });
export const useAdrReport = (id: number | null) =>
  useQuery({ queryKey: ['adr', 'one', id], queryFn: () => adrApi.get(id!), enabled: id !== null });

export function useReviewAdr() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: AdrReview & { id: number }) => adrApi.review(id, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['adr'] }),
  });
}
