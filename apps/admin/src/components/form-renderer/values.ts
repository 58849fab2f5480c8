import type { FormInstance } from 'antd';
import { isEmptyValue } from '@bencao/contracts';

/** The values to submit: what the form holds (also fields not shown), empty values left out. */
export function submittedValues(form: FormInstance): Record<string, unknown> {
  const all = form.getFieldsValue(true) as Record<string, unknown>;
  return Object.fromEntries(Object.entries(all).filter(([, v]) => !isEmptyValue(v)));
}
