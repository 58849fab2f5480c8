import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Select, type SelectProps } from 'antd';
import { call } from '@/lib/request';
import { pickerKeyword } from '@/lib/schemaLimits';

/**
 * Pickers over the organisation module's public options (any logged-in user may read them), for the
 * screens of other modules: an organ for a role of scope "organ", a staff member for an account.
 */
interface OrganOption { id: number; code: string; name: string; typeName: string }
interface StaffOption { id: number; code: string; name: string; positionName: string | null }

type Props = Omit<SelectProps<number | null>, 'options' | 'loading' | 'mode' | 'showSearch' | 'filterOption' | 'onSearch'>;

function useSearch() {
  const [keyword, setKeyword] = useState('');
  return { keyword: pickerKeyword(keyword), onSearch: setKeyword };
}

/** An organ, searched by code or name (value: organ id). */
export function OrganSelect({ value, ...props }: Props) {
  const { keyword, onSearch } = useSearch();
  const list = useQuery({
    queryKey: ['organ-options', keyword],
    queryFn: () => call<OrganOption[]>('GET', '/api/organ/organs/options', { params: { keyword: keyword || undefined, limit: 50 } }),
    placeholderData: keepPreviousData,
  });
  const current = useQuery({
    queryKey: ['organ-by-id', value],
    queryFn: () => call<OrganOption[]>('GET', '/api/organ/organs/by-ids', { params: { ids: String(value) } }),
    enabled: typeof value === 'number' && !(list.data ?? []).some((o) => o.id === value),
  });
  const options = [...(current.data ?? []), ...(list.data ?? [])]
    .filter((o, i, all) => all.findIndex((x) => x.id === o.id) === i)
    .map((o) => ({ value: o.id, label: `${o.name} (${o.code} · ${o.typeName})` }));
  return <Select<number | null> allowClear {...props} value={value} showSearch={{ filterOption: false, onSearch }} loading={list.isFetching} options={options} />;
}

/** A staff member, searched by code, name, mobile or email (value: staff id). */
export function StaffSelect({ value, ...props }: Props) {
  const { keyword, onSearch } = useSearch();
  const list = useQuery({
    queryKey: ['staff-options', keyword],
    queryFn: () => call<{ records: StaffOption[] }>('GET', '/api/organ/staff', { params: { keyword: keyword || undefined, page: 1, limit: 50 } }),
    placeholderData: keepPreviousData,
  });
  const current = useQuery({
    queryKey: ['staff-by-id', value],
    queryFn: () => call<StaffOption>('GET', `/api/organ/staff/${value}`),
    enabled: typeof value === 'number' && !(list.data?.records ?? []).some((s) => s.id === value),
  });
  const options = [...(current.data ? [current.data] : []), ...(list.data?.records ?? [])]
    .filter((o, i, all) => all.findIndex((x) => x.id === o.id) === i)
    .map((s) => ({ value: s.id, label: `${s.name} (${s.code}${s.positionName ? ` · ${s.positionName}` : ''})` }));
  return <Select<number | null> allowClear {...props} value={value} showSearch={{ filterOption: false, onSearch }} loading={list.isFetching} options={options} />;
}
