import type { CheckoutRegistration } from '@/contracts/checkout';
import type { DeliveryWindowChoice } from '@/contracts/delivery-windows';

/** What the registration form hands to the checkout (useStartCheckout in ./api.ts) when submitted with agreement. */
export interface RegistrationSubmit {
  values: CheckoutRegistration;
  /** Stays the same while the form is unchanged, so a repeated submit is recognised as the same checkout. */
  checkoutKey: string;
  agreedAt: string;
  /** The window chosen in the picker; without one (none open, or not loaded yet) the server books the earliest. */
  deliveryWindow?: DeliveryWindowChoice;
}
