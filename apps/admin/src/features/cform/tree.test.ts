import { describe, expect, it } from 'vitest';
import { emptyFormSchema, type FormField, type FormGroup } from '@bencao/contracts';
import { createNode } from './tree';

const names = (key: string) => ({ text: 'Texto', select: 'Desplegable', money: 'Importe (CNY)', group: 'Grupo', optionValue: 'Opción' }[key] ?? key);

describe('a widget dragged into the designer (issue 28, item 2)', () => {
  it('is labelled in the designer\'s language only: the widget\'s name is never stored as another language\'s translation', () => {
    const text = createNode(emptyFormSchema(), 'text', names, 'es') as FormField;
    expect(text.label).toEqual({ es: 'Texto' });
    const select = createNode(emptyFormSchema(), 'select', names, 'es') as FormField;
    expect(select.options?.map((o) => o.label)).toEqual([{ es: 'Opción 1' }, { es: 'Opción 2' }]);
    expect((createNode(emptyFormSchema(), 'group', names, 'ja') as FormGroup).title).toEqual({ ja: 'Grupo' });
  });
});
