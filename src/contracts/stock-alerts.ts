import { z } from 'zod';
import { customerEmail } from './checkout';

/** The lead kind of "tell me when this model is back in stock" (leads.kind; the owner's Leads list names it). */
export const STOCK_LEAD_KIND = 'restock';

/** POST /api/stock-alerts: an out-of-stock model's "Notify me". */
export const stockAlertInput = z.object({
  email: customerEmail,
  modelId: z.uuid({ error: 'Please choose a unit model' }),
  /**
   * The spam trap, as on the contact form: a field people never see that form-filling bots fill in. A request
   * with it is answered as if kept, and dropped.
   */
  website: z.string().max(2000).optional(),
});
export type StockAlertInput = z.input<typeof stockAlertInput>;

/** The same answer whether the e-mail was new, already waiting or a bot's (nobody learns who else asked). */
export const stockAlertReceipt = z.object({ message: z.string() });
export const stockAlertThanks = "Thanks! We'll e-mail you once when this model is back in stock.";

/** The back-in-stock e-mail's system template type (db/system-email-templates.ts). */
export const BACK_IN_STOCK_TEMPLATE = 'back_in_stock';
