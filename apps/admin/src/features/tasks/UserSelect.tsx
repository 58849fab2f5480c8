import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import type { TaskUserOption } from '@bencao/contracts';
import { tasksApi } from './api';

interface Props<V> { id?: string; value?: V; onChange?: (v: V) => void; placeholder?: string; autoFocus?: boolean; 'aria-label'?: string }

const label = (u: TaskUserOption) => `${u.userName}（${u.userId}）`;

function useUsers() {
  const [keyword, setKeyword] = useState('');
  const list = useQuery({
    queryKey: ['workflow', 'tasks', 'users', keyword.trim()],
    queryFn: () => tasksApi.users(keyword.trim() || undefined),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  return { list, onSearch: setKeyword };
}

/** People to hand a task to or to copy (accounts, searched by login, name, e-mail or mobile). */
export function UserSelect({ id, value, onChange, placeholder, autoFocus, ...rest }: Props<number | undefined>) {
  const { list, onSearch } = useUsers();
  const [known, setKnown] = useState<TaskUserOption[]>([]);
  const options = merge(known, list.data).map((u) => ({ value: u.id, label: label(u) }));
  return (
    <Select<number>
      id={id} aria-label={rest['aria-label']} allowClear autoFocus={autoFocus} placeholder={placeholder} style={{ width: '100%' }} value={value}
      showSearch={{ filterOption: false, onSearch }} loading={list.isFetching} options={options}
      onChange={(v) => { setKnown((k) => merge(k, list.data?.filter((u) => u.id === v))); onChange?.(v); }}
    />
  );
}

/** Several people. */
export function UsersSelect({ id, value, onChange, placeholder, autoFocus, ...rest }: Props<number[]>) {
  const { list, onSearch } = useUsers();
  const [known, setKnown] = useState<TaskUserOption[]>([]);
  const options = merge(known, list.data).map((u) => ({ value: u.id, label: label(u) }));
  return (
    <Select<number[]>
      id={id} aria-label={rest['aria-label']} mode="multiple" allowClear autoFocus={autoFocus} placeholder={placeholder} style={{ width: '100%' }} value={value}
      showSearch={{ filterOption: false, onSearch }} loading={list.isFetching} options={options}
      onChange={(v) => { setKnown((k) => merge(k, list.data?.filter((u) => v.includes(u.id)))); onChange?.(v); }}
    />
  );
}

/** the people picked stay labelled when a new search no longer lists them */
function merge(a: readonly TaskUserOption[], b: readonly TaskUserOption[] | undefined): TaskUserOption[] {
  return [...a, ...(b ?? [])].filter((u, i, all) => all.findIndex((x) => x.id === u.id) === i);
}
