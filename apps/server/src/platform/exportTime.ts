/**
 * The one rule for times in exported files (list exports, form data): the operator's wall-clock time,
 * `yyyy-MM-dd HH:mm:ss` at their UTC offset in minutes (what the console sends as `utcOffset`), as the
 * screen showed it. Answers null for a value that is not a time.
 */
export function exportTime(value: Date | string, utcOffset: number): string | null {
  const ms = value instanceof Date ? value.getTime() : Date.parse(value);
  if (Number.isNaN(ms)) return null;
  return new Date(ms + utcOffset * 60_000).toISOString().slice(0, 19).replace('T', ' ');
}
