import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Select, Tag, type SelectProps } from 'antd';
import type { DictColor } from '@bencao/contracts';
import { call } from '@/lib/request';

/** One item of a dictionary as selects use it (`GET /api/common/dicts/:code/items`). */
export interface DictEntry { code: string; name: string; seq: number; color: DictColor }

/** The query key of a dictionary's items (`dictKey()` covers them all: invalidate it after an edit). */
export const dictKey = (code?: string) => (code === undefined ? ['dict'] : ['dict', code]);

/**
 * A dictionary's items, loaded once and kept for the session (shown at once from the cache);
 * `DictSelect` re-reads them in the background each time its list opens, so an edit made in
 * another console reaches this one on its next use of the dictionary.
 */
export function useDict(code: string) {
  // the server names the demo dictionaries' items in the caller's language: another language, another list
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: [...dictKey(code), i18n.language],
    queryFn: () => call<DictEntry[]>('GET', `/api/common/dicts/${encodeURIComponent(code)}/items`),
    // a field without a dictionary (typed-in options, or one not chosen yet) asks nothing: no `/dicts//items`
    enabled: code !== '',
    staleTime: 60_000,
    gcTime: Infinity,
  });
}

type Props = Omit<SelectProps<string>, 'options' | 'loading' | 'mode'> & { /** the dictionary's code, e.g. `gender` */ dict: string };

/** A select whose options are a dictionary's items (value: item code, label: item name), searchable by name. */
export function DictSelect({ dict, onOpenChange, ...props }: Props) {
  const q = useDict(dict);
  return (
    <Select<string>
      allowClear showSearch={{ optionFilterProp: 'label' }} {...props}
      loading={q.isFetching}
      options={(q.data ?? []).map((i) => ({ value: i.code, label: i.name }))}
      onOpenChange={(open) => { if (open) void q.refetch(); onOpenChange?.(open); }}
    />
  );
}

/** An item of a dictionary shown as its tag, in the colour set on the item ("—" when empty; the code while loading or when unknown). */
export function DictTag({ dict, value }: { dict: string; value: string | null | undefined }) {
  const { data } = useDict(dict);
  if (value === null || value === undefined || value === '') return <>—</>;
  const item = data?.find((i) => i.code === value);
  return <Tag color={item && item.color !== 'default' ? item.color : undefined}>{item?.name ?? value}</Tag>;
}
