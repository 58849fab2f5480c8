import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApplicationReview, ApplicationRow, Page, RecruitJob, RecruitStatus } from '@bencao/contracts';
import { call, download } from '@/lib/request';

export interface ApplicationListQuery { page: number; limit: number; sort?: string; order?: 'asc' | 'desc'; jobId?: number; status?: RecruitStatus; keyword?: string }
const clean = (q: object) => Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== '' && v !== null));

export const APPLICATIONS_URL = '/api/recruit/applications';
export const recruitApi = {
  jobs: () => call<RecruitJob[]>('GET', '/api/recruit/jobs'),
  list: (q: ApplicationListQuery) => call<Page<ApplicationRow>>('GET', APPLICATIONS_URL, { params: clean(q) }),
  get: (id: number) => call<ApplicationRow>('GET', `${APPLICATIONS_URL}/${id}`),
  review: (id: number, body: ApplicationReview) => call<ApplicationRow>('POST', `${APPLICATIONS_URL}/${id}/status`, { body }),
  downloadCv: (row: Pick<ApplicationRow, 'id' | 'cvName'>) => download(`${APPLICATIONS_URL}/${row.id}/cv`, {}, row.cvName),
};

export const useRecruitJobs = () => useQuery({ queryKey: ['recruit', 'jobs'], queryFn: recruitApi.jobs });
export const useApplications = (q: ApplicationListQuery) =>
  useQuery({ queryKey: ['recruit', 'list', q], queryFn: () => recruitApi.list(q), placeholderData: keepPreviousData });
export const useApplication = (id: number | null) =>
  useQuery({ queryKey: ['recruit', 'one', id], queryFn: () => recruitApi.get(id!), enabled: id !== null });

export function useReviewApplication() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: ApplicationReview & { id: number }) => recruitApi.review(id, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['recruit'] }),
  });
}
