/**
 * The amount a request is for, shown on the to-do cards: a bound form puts its document under the form's
 * model name (`{purchase: {amount: 96000, …}}`), a process without a form keeps a plain `amount` variable.
 * Only a finite number counts (a text "68000" is not an amount the server checked).
 */
export function amountOf(variables: Record<string, unknown> | null | undefined): number | null {
  if (!variables) return null;
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
  const plain = num(variables.amount);
  if (plain !== null) return plain;
  for (const v of Object.values(variables)) {
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      const inDoc = num((v as Record<string, unknown>).amount);
      if (inDoc !== null) return inDoc;
    }
  }
  return null;
}
