/**
 * Stripe's test cards, as its hosted page treats them. Any other number is declined: this page must never look
 * like it takes a real card.
 */
export const testCards: Record<
  string,
  { pays: true; brand: string; chargesFail?: true } | { pays: false; message: string }
> = {
  '4242424242424242': { pays: true, brand: 'visa' },
  '4000056655665556': { pays: true, brand: 'visa' },
  '5555555555554444': { pays: true, brand: 'mastercard' },
  '378282246310005': { pays: true, brand: 'amex' },
  '6011111111111117': { pays: true, brand: 'discover' },
  // Saved, but every charge fails (Stripe's card for testing failed renewals).
  '4000000000000341': { pays: true, brand: 'visa', chargesFail: true },
  '4000000000000002': { pays: false, message: 'Your card was declined.' },
  '4000000000009995': { pays: false, message: 'Your card has insufficient funds.' },
  '4000000000000069': { pays: false, message: 'Your card has expired.' },
  '4000000000000127': { pays: false, message: "Your card's security code is incorrect." },
};
export const NOT_A_TEST_CARD =
  'Your card was declined. This test payment page only accepts test cards such as 4242 4242 4242 4242.';
