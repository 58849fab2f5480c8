import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FormExport, FormInput, FormSchema, FormSummary } from '@bencao/contracts';
import { call, download } from '@/lib/request';

export interface ListQuery { page: number; limit: number; sort?: string; order?: 'asc' | 'desc'; [k: string]: string | number | undefined }
const clean = (q: object) => Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== '' && v !== null));
interface Page<T> { total: number; records: T[] }

export interface FormDetail extends FormSummary { actionTarget: string | null; url: string | null; modelName: string | null; schema: FormSchema }
export interface FillableForm { formId: number; version: number; name: string; schema: FormSchema; url: string | null; defaults: Record<string, unknown> }
export interface DataRow { id: number; formId: number; version: number; processInstanceId: number | null; data: Record<string, unknown>; createdBy: string | null; createdAt: string; updatedAt: string }
export interface DataDetail extends DataRow { schema: FormSchema; history: { id: number; node: string | null; diff: Record<string, [unknown, unknown]>; changedBy: string | null; changedAt: string }[] }
export interface DictType { code: string; name: string }
export interface VersionRow { version: number; name: string; publishedBy: string | null; publishedAt: string }

export const cformApi = {
  list: (q: ListQuery) => call<Page<FormSummary>>('GET', '/api/forms', { params: clean(q) }),
  processForms: (q: ListQuery) => call<Page<FormSummary>>('GET', '/api/forms/process-forms', { params: clean(q) }),
  get: (id: number) => call<FormDetail>('GET', `/api/forms/${id}`),
  create: (body: FormInput) => call<FormDetail>('POST', '/api/forms', { body }),
  update: (id: number, body: FormInput) => call<FormDetail>('PUT', `/api/forms/${id}`, { body }),
  remove: (ids: number[]) => call<number>('POST', '/api/forms/delete', { body: { ids } }),
  copy: (id: number) => call<FormDetail>('POST', `/api/forms/${id}/copy`),
  exportJson: (id: number) => call<FormExport>('GET', `/api/forms/${id}/export`),
  importJson: (body: unknown) => call<FormDetail>('POST', '/api/forms/import', { body }),
  publish: (id: number) => call<FormDetail>('POST', `/api/forms/${id}/publish`),
  versions: (id: number) => call<VersionRow[]>('GET', `/api/forms/${id}/versions`),
  fillable: (id: number) => call<FillableForm>('GET', `/api/forms/${id}/fill`),
  submit: (id: number, data: Record<string, unknown>) => call<{ id: number; version: number; data: Record<string, unknown> }>('POST', `/api/forms/${id}/submit`, { body: { data } }),
  data: (id: number, q: ListQuery) => call<Page<DataRow>>('GET', `/api/forms/${id}/data`, { params: clean(q) }),
  dataDetail: (dataId: number) => call<DataDetail>('GET', `/api/forms/data/${dataId}`),
  // times in the file as the screen shows them: the operator's offset (the list exports' rule)
  exportData: (id: number, q: object, format: 'xlsx' | 'csv', lang: string, fileName: string) =>
    download(`/api/forms/${id}/data/export`, clean({ ...q, format, lang, utcOffset: -new Date().getTimezoneOffset() }), fileName),
  dictTypes: (keyword: string) => call<DictType[]>('GET', '/api/common/dict-types', { params: clean({ keyword }) }),
};

export const keys = { forms: ['cform', 'forms'] as const, form: (id: number) => ['cform', 'form', id] as const, data: (id: number) => ['cform', 'data', id] as const };

export function usePaged<T>(key: readonly unknown[], fn: (q: ListQuery) => Promise<Page<T>>, q: ListQuery) {
  return useQuery({ queryKey: [...key, q], queryFn: () => fn(q), placeholderData: keepPreviousData });
}

/** A mutation that refreshes the lists and says "saved" (errors are already shown by `call`). */
/** `okKey`'s text is toasted on success, with `okParams` of the answer (e.g. the published version) */
export function useCformMutation<A, R>(fn: (a: A) => Promise<R>, onDone?: (r: R) => void, okKey = 'msg.saved', okParams?: (r: R) => Record<string, unknown>) {
  const qc = useQueryClient();
  const { message } = App.useApp();
  const { t } = useTranslation('cform');
  return useMutation({
    mutationFn: fn,
    onSuccess: (r) => {
      void qc.invalidateQueries({ queryKey: ['cform'] });
      void message.success(t(okKey, okParams?.(r)));
      onDone?.(r);
    },
  });
}

/** Publishes a form (by id), toasting "Published as version N". */
export function usePublishForm(onDone?: (f: FormDetail) => void) {
  return useCformMutation((id: number) => cformApi.publish(id), onDone, 'msg.published', (f) => ({ version: f.version }));
}

/** Saves a JSON document as a file. */
export function saveJson(fileName: string, value: unknown) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(value, null, 2)], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
