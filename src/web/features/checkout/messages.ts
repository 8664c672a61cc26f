import { findServerMessage } from '@/web/i18n/server-message';

/**
 * The create-session refusal of a model that has no unit left (409), told apart from other refusals by its
 * English words (errors:server.outOfStock), as every API message is (ADR 025). The page's other messages go
 * through `useServerMessage()` (src/web/i18n/server-message.ts).
 */
export function isOutOfStockMessage(message: string): boolean {
  return findServerMessage(message)?.key === 'outOfStock';
}
