/** The answer of `GET /api/common/calendar/add-working-days`: `date` is the day counted from, `result` the day reached. */
export interface WorkingDaysAnswer { date: string; days: number; result: string }

/**
 * The next working days, from the answers for "today + 1 … N working days": each answer's `result`
 * (its `date` is today in every answer, which once listed today N times), nearest first, each once.
 */
export function nextWorkingDates(answers: readonly WorkingDaysAnswer[]): string[] {
  return [...new Set([...answers].sort((a, b) => a.days - b.days).map((a) => a.result))];
}
