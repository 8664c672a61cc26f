import type { Locale } from '@/contracts/locale';
import { spanishSystemTemplates } from './system-email-templates-es';

/**
 * The templates the system sends, in English and Spanish: `templateType` is how the code finds each one, and a
 * customer's e-mail uses the template in their language (`customers.locale`), else the English one (ADR 026).
 */
export const englishSystemTemplates = [
  {
    templateType: 'order_confirmation',
    name: 'Order confirmation',
    subject: 'Your AC rental is confirmed ({{orderNumber}})',
    body:
      'Hi {{customerName}},\n\nThank you for renting with CoolRent OC. Your order {{orderNumber}} is confirmed.\n\n' +
      'Unit: {{unitModel}}\nStart date: {{startDate}}\nRate: {{rate}}\nDelivery address: {{address}}\n\n' +
      '{{deliveryPlan}} Your signed rental agreement is attached.\n\n' +
      'Manage your rental at any time: {{portalUrl}}\n\nQuestions? Call {{businessPhone}} or write to {{businessEmail}}.',
  },
  {
    templateType: 'payment_failed',
    name: 'Payment failed',
    subject: 'Action needed: your payment for {{orderNumber}} did not go through',
    body:
      'Hi {{customerName}},\n\nWe could not charge {{amount}} to your card for order {{orderNumber}}.\n\n' +
      '{{nextSteps}}\n\nTo fix your card and pay now: {{payUrl}}\nYour account: {{portalUrl}}\n\n' +
      'Need help? Call {{businessPhone}}.',
  },
  {
    templateType: 'delivery_scheduled',
    name: 'Delivery scheduled',
    subject: 'Your AC delivery is scheduled for {{deliveryDate}}',
    body:
      'Hi {{customerName}},\n\nYour portable AC for order {{orderNumber}} will be delivered and installed on ' +
      '{{deliveryDate}} between {{deliveryWindow}} at {{address}}. Please make sure a window or wall vent and a ' +
      'standard 115V outlet are accessible.\n\nTo change the date, call {{businessPhone}}.',
  },
  {
    templateType: 'visit_scheduled',
    name: 'Visit scheduled (pickup, service, swap)',
    subject: 'Your {{visitType}} is scheduled for {{visitDate}}',
    body:
      'Hi {{customerName}},\n\nOur crew will come to {{address}} on {{visitDate}} between {{visitWindow}} for ' +
      'order {{orderNumber}}: {{visitDetails}}\n\nTo change the date, call {{businessPhone}}.',
  },
  {
    templateType: 'additional_fee',
    name: 'Additional fee',
    subject: 'A fee has been added to your account',
    body:
      'Hi {{customerName}},\n\nA fee of {{amount}} has been added to your account: {{feeDescription}}.\n\n' +
      'Questions about this fee? Call {{businessPhone}} or write to {{businessEmail}}.',
  },
  {
    templateType: 'cancellation_received',
    name: 'Cancellation request received',
    subject: 'We received your cancellation request ({{orderNumber}})',
    body:
      'Hi {{customerName}},\n\nWe received your request to cancel order {{orderNumber}} effective ' +
      '{{effectiveDate}}.\n\n{{cancellationTerms}}\n\nWe will contact you to arrange pickup of the unit. ' +
      'Your account: {{portalUrl}}',
  },
  {
    templateType: 'payment_receipt',
    name: 'Payment receipt',
    subject: 'Receipt: {{amount}} paid for your AC rental ({{orderNumber}})',
    body:
      'Hi {{customerName}},\n\nThank you: we received {{amount}} on {{paidDate}} for order {{orderNumber}}.\n\n' +
      '{{lines}}\n\nYour invoices and next bill: {{portalUrl}}\n\nQuestions? Call {{businessPhone}}.',
  },
  {
    templateType: 'cancellation_decision',
    name: 'Cancellation decision',
    subject: 'Your cancellation request for {{orderNumber}} was {{decision}}',
    body:
      'Hi {{customerName}},\n\nYour request to cancel order {{orderNumber}} effective {{effectiveDate}} was ' +
      '{{decision}}.\n\n{{decisionDetails}}\n\nYour account: {{portalUrl}}\n\nQuestions? Call {{businessPhone}}.',
  },
  {
    templateType: 'service_request_received',
    name: 'Service request received',
    subject: 'We received your service request ({{orderNumber}})',
    body:
      'Hi {{customerName}},\n\nWe received your request for a service visit for order {{orderNumber}}.\n\n' +
      'What is wrong: {{problem}}\nPreferred day: {{preferredDate}}\n\nWe will call you to book a time. ' +
      'Maintenance and repairs are free. You can follow the visit in your account: {{portalUrl}}\n\n' +
      'Urgent? Call {{businessPhone}}, 24/7.',
  },
  {
    templateType: 'sign_in_link',
    name: 'Sign-in link',
    subject: 'Your sign-in link for your AC rental ({{orderNumber}})',
    body:
      'Hi {{customerName}},\n\nHere is your link to open your rental {{orderNumber}} on this device:\n\n' +
      '{{signInUrl}}\n\nIt works once, for 7 days. If you did not ask for it, you can ignore this e-mail: ' +
      'nothing changes without the link.\n\nQuestions? Call {{businessPhone}} or write to {{businessEmail}}.',
  },
  {
    templateType: 'back_in_stock',
    name: 'Back in stock',
    subject: 'The {{modelName}} is back in stock',
    body:
      'Hello,\n\nYou asked us to tell you when the {{modelName}} is back in stock: it is available again.\n\n' +
      'Rent it now: {{checkoutUrl}}\n\nUnits go to whoever checks out first, so we cannot hold one for you. ' +
      'This is the only e-mail we send about it.\n\nQuestions? Call {{businessPhone}} or write to {{businessEmail}}.',
  },
  {
    templateType: 'waitlist_joined',
    name: 'Waitlist: joined',
    subject: "You're number {{position}} in line for the {{modelName}}",
    body:
      "Hello,\n\nYou're number {{position}} in line for the {{modelName}}. When a unit is free and it's your turn, " +
      "we'll e-mail you a personal link that holds it for you for a few hours. Until then there is nothing to do.\n\n" +
      'To leave the waitlist: {{leaveUrl}}\n\nQuestions? Call {{businessPhone}} or write to {{businessEmail}}.',
  },
  {
    templateType: 'waitlist_offer',
    name: 'Waitlist: your unit is held',
    subject: 'A {{modelName}} is held for you until {{heldUntil}}',
    body:
      "Hello,\n\nIt's your turn: we're holding a {{modelName}} for you for {{offerHours}} hours, until {{heldUntil}}.\n\n" +
      'Rent it here, with this e-mail address: {{offerUrl}}\n\nThe link is yours alone. If you do not use it by ' +
      'then, the unit goes to the next person in line.\n\nNo longer need it? Leave the waitlist: {{leaveUrl}}\n\n' +
      'Questions? Call {{businessPhone}} or write to {{businessEmail}}.',
  },
  {
    templateType: 'refund_issued',
    name: 'Refund issued',
    subject: 'We refunded {{amount}} to your card ({{orderNumber}})',
    body:
      'Hi {{customerName}},\n\nWe refunded {{amount}} of {{refundedWhat}} to the card you paid with, for order ' +
      '{{orderNumber}}.\n\nWhy: {{reason}}\n\nYour bank usually shows it within 5 to 10 business days.\n\n' +
      'Your invoices: {{portalUrl}}\n\nQuestions? Call {{businessPhone}} or write to {{businessEmail}}.',
  },
  {
    templateType: 'account_credit',
    name: 'Account credit',
    subject: 'A credit of {{amount}} was added to your account',
    body:
      'Hi {{customerName}},\n\nWe added a credit of {{amount}} to your account.\n\nWhy: {{reason}}\n\n' +
      'It comes off your next bill automatically (and the one after, if anything is left of it).\n\n' +
      'Your account: {{portalUrl}}\n\nQuestions? Call {{businessPhone}} or write to {{businessEmail}}.',
  },
  {
    templateType: 'phone_order_link',
    name: 'Order by phone: sign and pay',
    subject: 'Your AC rental {{orderNumber}}: sign and pay to confirm',
    body:
      'Hi {{customerName}},\n\nThank you for calling CoolRent OC. Here is the order we took for you on the phone:\n\n' +
      'Unit: {{unitModel}}\nStart date: {{startDate}}\nRate: {{rate}}\nDelivery address: {{address}}\n\n' +
      'To confirm it, open this link, read and sign the rental agreement and pay with your card:\n\n{{linkUrl}}\n\n' +
      'We hold the unit for you until {{heldUntil}}. After that the link stops working and the unit goes back on ' +
      'sale.\n\nQuestions? Call {{businessPhone}} or write to {{businessEmail}}.',
  },
] as const;

export const systemEmailTemplates = [
  ...englishSystemTemplates.map((template) => ({ ...template, locale: 'en' as Locale })),
  ...spanishSystemTemplates.map((template) => ({ ...template, locale: 'es' as Locale })),
] as const;
