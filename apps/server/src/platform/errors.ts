import type { MessageKey, MessageParams } from '@bencao/contracts';

/**
 * An error the API answers with the envelope. `key` is a message of the shared catalogue
 * (translated into the caller's language) or plain text.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly key: MessageKey | string,
    readonly params: MessageParams = {},
    /** envelope code when it differs from the HTTP status (e.g. 10002) */
    readonly code: number = status,
  ) {
    super(key);
  }
}

export const badRequest = (key: MessageKey | string, params?: MessageParams) => new AppError(400, key, params);
export const notFound = (key: MessageKey | string = 'error.notFound', params?: MessageParams) => new AppError(404, key, params);
export const conflict = (field: string) => new AppError(409, 'error.alreadyExists', { field });
export const forbidden = (authority: string) => new AppError(403, 'error.forbidden', { authority });
