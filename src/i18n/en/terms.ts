/** /terms: the page around the rental agreement. */
export const terms = {
  title: 'Rental Agreement',
  lead: 'Terms and conditions of your AC rental. Version {{version}}.',
  backHome: 'Back to Home',
  returnToCheckout: 'Return to Checkout',
};
