import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { securityApi, useAllGroups, useAllRoles } from './api';

/** Accounts by search (user id, name, email, mobile), many at once. */
export function AccountPicker({ id, value, onChange, multiple = true }: { id?: string; value?: number[]; onChange?: (v: number[]) => void; multiple?: boolean }) {
  const { t } = useTranslation('security');
  const [kw, setKw] = useState('');
  const data = useQuery({ queryKey: ['security', 'accounts', 'pick', kw], queryFn: () => securityApi.accounts({ page: 1, limit: 50, keyword: kw || undefined, sort: 'userId', order: 'asc' }) });
  return (
    <Select
      id={id} mode={multiple ? 'multiple' : undefined} showSearch={{ filterOption: false, onSearch: setKw }} allowClear style={{ width: '100%' }}
      placeholder={t('field.accounts')} value={value} onChange={(v) => onChange?.(([] as number[]).concat(v ?? []))}
      loading={data.isFetching} options={(data.data?.records ?? []).map((a) => ({ value: a.id, label: `${a.userId}（${a.userName}）` }))}
    />
  );
}

export function RolePicker({ id, value, onChange, disabledSuper }: { id?: string; value?: number[]; onChange?: (v: number[]) => void; disabledSuper?: boolean }) {
  const { t } = useTranslation('security');
  const roles = useAllRoles();
  return (
    <Select id={id} mode="multiple" allowClear style={{ width: '100%' }} placeholder={t('field.roles')} value={value} onChange={onChange}
      optionFilterProp="label" loading={roles.isFetching}
      options={(roles.data?.records ?? []).map((r) => ({ value: r.id, label: `${r.name}（${r.code}）`, disabled: disabledSuper && r.isSuper }))} />
  );
}

export function GroupPicker({ id, value, onChange }: { id?: string; value?: number[]; onChange?: (v: number[]) => void }) {
  const { t } = useTranslation('security');
  const groups = useAllGroups();
  return (
    <Select id={id} mode="multiple" allowClear style={{ width: '100%' }} placeholder={t('field.groups')} value={value} onChange={onChange}
      optionFilterProp="label" loading={groups.isFetching}
      options={(groups.data?.records ?? []).map((g) => ({ value: g.id, label: `${g.name}（${g.code}）` }))} />
  );
}
