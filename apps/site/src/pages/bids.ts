import type { MessageKey } from '../i18n';

/** the dictionary key naming each type of notice */
export const BID_TYPE_LABEL: Record<string, MessageKey> = { tender: 'bid.tender', change: 'bid.change', result: 'bid.result' };

/**
 * A tender or change notice whose bid deadline has passed is closed (已截止): worked out from the
 * deadline and the visitor's clock each time it is shown, never stored.
 */
export function bidClosed(bidType: string | undefined, deadline: string | null | undefined, now: number): boolean {
  if (!deadline || bidType === 'result') return false;
  const t = Date.parse(/(Z|[+-]\d{2}:?\d{2})$/.test(deadline) ? deadline : `${deadline.replace(' ', 'T')}+08:00`);
  return Number.isFinite(t) && t <= now;
}
