import type { Envelope } from '@bencao/contracts';

export const ok = <T>(data: T, msg = 'ok'): Envelope<T> => ({ code: 200, msg, data });
