import type { CheckoutRegistration } from '@/contracts/checkout';

/** What the registration form hands to the checkout (useStartCheckout in ./api.ts) when submitted with agreement. */
export interface RegistrationSubmit {
  values: CheckoutRegistration;
  /** Stays the same while the form is unchanged, so a repeated submit is recognised as the same checkout. */
  checkoutKey: string;
  agreedAt: string;
}
