import { useQuery } from '@tanstack/react-query';
import { Form, Select } from 'antd';
import { call } from '@/lib/request';

/**
 * The form chart widget's pickers in the settings dialog: a published form, and one of its fields
 * (for "group by" the ones holding one value, for the sum the number fields).
 */
interface FormOption { id: number; name: string; version: number }
interface VersionField { key: string; label: string; type: string }

const GROUPABLE = ['text', 'select', 'radio', 'switch', 'date', 'time', 'number', 'money', 'serial', 'computed', 'organ', 'user'];
const NUMBERS = ['number', 'money'];

const useFormOptions = () => useQuery({ queryKey: ['portal', 'formOptions'], queryFn: () => call<FormOption[]>('GET', '/api/forms/options'), staleTime: 60_000 });

export function FormPicker(props: { value?: number; onChange?: (v: number) => void }) {
  const forms = useFormOptions();
  return <Select {...props} showSearch optionFilterProp="label" loading={forms.isLoading} options={(forms.data ?? []).map((f) => ({ value: f.id, label: f.name }))} />;
}

export function FormFieldPicker({ numbers, ...props }: { numbers?: boolean; value?: string; onChange?: (v: string) => void }) {
  const formId = Form.useWatch('formId') as number | undefined;
  const forms = useFormOptions();
  const version = forms.data?.find((f) => f.id === formId)?.version;
  const fields = useQuery({
    queryKey: ['portal', 'formFields', formId, version],
    enabled: !!formId && !!version,
    queryFn: () => call<VersionField[]>('GET', `/api/forms/${formId}/versions/${version}/fields`),
  });
  const kinds = numbers ? NUMBERS : GROUPABLE;
  return (
    <Select {...props} allowClear disabled={!formId} loading={fields.isLoading && fields.fetchStatus !== 'idle'}
      options={(fields.data ?? []).filter((f) => kinds.includes(f.type)).map((f) => ({ value: f.key, label: `${f.label} (${f.key})` }))} />
  );
}
