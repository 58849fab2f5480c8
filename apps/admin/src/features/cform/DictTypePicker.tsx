import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Select } from 'antd';
import { cformApi } from './api';

/** The dictionary of a choice field, picked from the dictionary types (searched on the server by name or code). */
export function DictTypePicker({ value, onChange }: { value?: string; onChange: (code: string) => void }) {
  const { t, i18n } = useTranslation('cform');
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed.trim().slice(0, 100)), 250);
    return () => clearTimeout(timer);
  }, [typed]);
  const q = useQuery({
    queryKey: ['cform', 'dictTypes', keyword, i18n.language], queryFn: () => cformApi.dictTypes(keyword),
    placeholderData: keepPreviousData, staleTime: 30_000,
  });
  const options = (q.data ?? []).map((d) => ({ value: d.code, label: `${d.name} (${d.code})` }));
  if (value && !options.some((o) => o.value === value)) options.unshift({ value, label: value });
  return (
    <div data-testid="prop-dict">
      <Select<string> allowClear style={{ width: '100%' }} value={value || undefined} placeholder={t('prop.pickDict')} aria-label={t('prop.dictCode')}
        showSearch={{ filterOption: false, onSearch: setTyped, searchValue: typed }} loading={q.isFetching} options={options}
        onChange={(code) => { setTyped(''); onChange(code ?? ''); }} />
    </div>
  );
}
