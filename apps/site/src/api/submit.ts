import { ApiError, interpretEnvelope } from './envelope';
import { t } from '../i18n';

/**
 * POSTs a visitor's form (JSON, or multipart when a file goes with it) to a public route. Nothing is
 * toasted: the page shows the server's reason beside the form, in the language asked for.
 */
export async function submitForm<T>(path: string, body: FormData | Record<string, unknown>, lang: string): Promise<T> {
  const isForm = body instanceof FormData;
  let status = 0;
  let parsed: unknown = null;
  try {
    const res = await fetch(`/api${path}`, {
      method: 'POST',
      headers: { Accept: 'application/json', 'Accept-Language': lang, ...(isForm ? {} : { 'Content-Type': 'application/json' }) },
      body: isForm ? body : JSON.stringify(body),
    });
    status = res.status;
    parsed = await res.json().catch(() => null);
  } catch {
    throw new ApiError(t('api.network'), 0);
  }
  const outcome = interpretEnvelope<T>(parsed, status);
  if (outcome.kind === 'ok') return outcome.data;
  const field = (parsed as { data?: { field?: unknown } } | null)?.data?.field;
  throw new ApiError(outcome.message, outcome.code, typeof field === 'string' ? field : undefined);
}
