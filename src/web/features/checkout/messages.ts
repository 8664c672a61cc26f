import { findServerMessage } from '@/web/i18n/server-message';
import { ApiError } from '@/web/lib/api';
import { WINDOW_FULL_CODE } from '@/contracts/delivery-window-terms';

/**
 * The create-session refusal of a model that has no unit left (409), told apart from other refusals by its
 * English words (errors:server.outOfStock), as every API message is (ADR 025). The page's other messages go
 * through `useServerMessage()` (src/web/i18n/server-message.ts).
 */
export function isOutOfStockMessage(message: string): boolean {
  return findServerMessage(message)?.key === 'outOfStock';
}

/**
 * A create-session refusal of the delivery window (issue 30): full (409 'delivery_window_full', also when no window
 * is left in the 14 days) or not offered (400 on the `deliveryWindow` field). The window picker says it, not a toast.
 */
export function isDeliveryWindowRefusal(error: unknown): boolean {
  return error instanceof ApiError && (error.code === WINDOW_FULL_CODE || 'deliveryWindow' in error.fieldErrors);
}
