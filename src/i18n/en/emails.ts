/**
 * Phrases the server fills into customer e-mails (the templates themselves are rows the owner edits in the Email
 * Center, one per language: ADR 026).
 */
export const emails = {
  rateMonthly: '{{price}}/month ({{months}}-month minimum)',
};
