import { useState } from 'react';
import { Select, type SelectProps } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { ScopeOption } from '@bencao/contracts';
import { call } from '@/lib/request';

type Props = Omit<SelectProps<number | number[]>, 'options' | 'onSearch' | 'filterOption'> & { type: 'role' | 'organ' | 'user' };

/** Picks roles, organisations or accounts by name or code (searching the server as one types). */
export function ScopeSelect({ type, value, ...props }: Props) {
  const [keyword, setKeyword] = useState('');
  const ids = value === undefined || value === null ? [] : Array.isArray(value) ? value : [value];
  const found = useQuery({ queryKey: ['portal', 'scopes', type, keyword], queryFn: () => call<ScopeOption[]>('GET', '/api/portal/scopes', { params: { type, keyword } }) });
  const current = useQuery({
    queryKey: ['portal', 'scopes', type, 'ids', ids], enabled: ids.length > 0,
    queryFn: () => call<ScopeOption[]>('GET', '/api/portal/scopes', { params: { type, ids } }),
  });
  const options = new Map<number, ScopeOption>();
  for (const o of [...(current.data ?? []), ...(found.data ?? [])]) options.set(o.id, o);
  return (
    <Select {...props} value={value} showSearch filterOption={false} onSearch={setKeyword} loading={found.isFetching}
      options={[...options.values()].map((o) => ({ value: o.id, label: `${o.name} (${o.code})` }))} />
  );
}
