import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Select, type SelectProps } from 'antd';
import { call } from '@/lib/request';

interface OrganOption { id: number; code: string; name: string; typeName: string }
type Props = Omit<SelectProps<number[]>, 'options' | 'loading' | 'mode' | 'showSearch' | 'filterOption' | 'onSearch'>;

/** Several organs, searched by code or name (the organ module's public options), for a role's custom data scope. */
export function OrganMultiSelect({ value, ...props }: Props) {
  const [keyword, setKeyword] = useState('');
  const list = useQuery({
    queryKey: ['organ-options', keyword.trim()],
    queryFn: () => call<OrganOption[]>('GET', '/api/organ/organs/options', { params: { keyword: keyword.trim() || undefined, limit: 50 } }),
    placeholderData: keepPreviousData,
  });
  const chosen = value ?? [];
  const current = useQuery({
    queryKey: ['organ-by-id', chosen.join(',')],
    queryFn: () => call<OrganOption[]>('GET', '/api/organ/organs/by-ids', { params: { ids: chosen.join(',') } }),
    enabled: chosen.length > 0,
  });
  const options = [...(current.data ?? []), ...(list.data ?? [])]
    .filter((o, i, all) => all.findIndex((x) => x.id === o.id) === i)
    .map((o) => ({ value: o.id, label: `${o.name} (${o.code})` }));
  return <Select<number[]> allowClear {...props} mode="multiple" value={chosen} showSearch={{ filterOption: false, onSearch: setKeyword }} loading={list.isFetching} options={options} />;
}
