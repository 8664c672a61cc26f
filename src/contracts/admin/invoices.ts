/** The billing ledger's invoice states (Stripe's). */
export const invoiceStatuses = ['draft', 'open', 'paid', 'uncollectible', 'void'] as const;
