import type { TFunction } from 'i18next';
import { business } from '@/contracts/business';
import { dormAnswerRequired, startDateInThePast, startDateTooLate } from '@/contracts/checkout';
import { dormRefusal } from '@/contracts/service-area';
import type { checkout } from '@/i18n/en/checkout';

type ServerMessageKey = keyof typeof checkout.serverMessages;

/**
 * The contracts' validation and refusal messages (English, verbatim from the spec) by their words, so a field
 * error from the shared schema or from the server is shown in the page's language. A message not in here is
 * shown as it came. (To be reconciled with `translateServerMessage` of src/web/i18n/server-message.ts.)
 */
const byEnglish: Record<string, ServerMessageKey> = {
  'Name must be at least 2 characters': 'nameMin',
  'Name must be at most 255 characters': 'nameMax',
  'Please enter a valid email address': 'email',
  'Please enter a valid phone number': 'phone',
  'Start date is required': 'startDateRequired',
  [startDateInThePast]: 'startDatePast',
  [startDateTooLate]: 'startDateLate',
  'Please enter a complete address': 'address',
  'City is required': 'cityRequired',
  'City must be at most 100 characters': 'cityMax',
  'Please enter a valid ZIP code': 'zipCode',
  'Building notes must be at most 1,000 characters': 'buildingNotesMax',
  [dormAnswerRequired]: 'dormRequired',
  [dormRefusal]: 'dormRefused',
  'Please choose a unit model': 'chooseModel',
  'Please choose a unit from the catalog': 'chooseUnit',
  'Sorry, that AC unit is out of stock right now. Please choose another model or check back later.': 'outOfStock',
};

export function translateCheckoutMessage(t: TFunction<'checkout'>, message: string | undefined): string | undefined {
  if (message === undefined) return undefined;
  const key = byEnglish[message];
  return key ? t(`serverMessages.${key}`, { days: business.latestStartDays }) : message;
}

/** The create-session refusal of a model that has no unit left (409). */
export function isOutOfStockMessage(message: string): boolean {
  return byEnglish[message] === 'outOfStock';
}
