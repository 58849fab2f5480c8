/**
 * bpmn-js's `translate` service in the console's language. bpmn-js calls `translate(template,
 * replacements)` with its English texts ("Append task", "Open {element}"); the dictionary of our
 * translations (`modeler.bpmn` in the workflow locales) is keyed by ids whose English value is that
 * very text, so the English tree maps a text to its id and the target language's tree gives the words.
 * A text we do not know stays English; placeholders are filled either way (as bpmn-js's own stub does).
 */
export type BpmnTexts = Readonly<Record<string, string>>;
export type Translate = (template: string, replacements?: Record<string, string | number | undefined>) => string;

export function createTranslate(en: BpmnTexts, target: BpmnTexts | undefined): Translate {
  const idOf = new Map<string, string>();
  for (const [id, text] of Object.entries(en)) idOf.set(text, id);
  return (template, replacements = {}) => {
    const id = idOf.get(template);
    const text = (id !== undefined && target?.[id]?.trim()) || template;
    return text.replace(/{([^}]+)}/g, (_, key: string) => {
      const v = replacements[key];
      return v === undefined || v === '' ? `{${key}}` : String(v);
    });
  };
}

/** A bpmn-js module overriding the built-in `translate` service. */
export const translateModule = (translate: Translate) => ({ translate: ['value', translate] as const });
