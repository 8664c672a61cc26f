/**
 * Phrases the server fills into customer e-mails (the templates themselves are rows the owner edits in the Email
 * Center, one per language: ADR 026). English is exactly what the e-mails said before they had a second language.
 */
export const emails = {
  rateMonthly:
    '{{price}}/month ({{months}}-month minimum). Your first month is paid; your next bill is on {{nextBill}}, then on the same day each month.',
  rateWeekly:
    '{{price}}/week (no minimum term). Your first week is paid; your next bill is on {{nextBill}}, then every 7 days.',
  period: '{{start}} – {{end}}',
  dunning: {
    suspended: 'Your service is suspended until this payment is made.',
    nextFails: 'If the next attempt fails too, your service is suspended (after {{count}} failed payments).',
    tryAgain: 'We will try your card again on {{date}}.',
    lateFee: 'If it is still unpaid after {{date}}, a late fee of {{fee}} is added, as your rental agreement says.',
    feesAfterEnd:
      'This bill is for fees on your rental, billed on their own because no monthly bill is left to carry them.',
  },
  receipt: {
    line: '{{what}}: {{amount}}',
    rent: 'Monthly rent, {{period}}',
    weeklyRent: 'Weekly rent, {{period}}',
    fee: 'Fee: {{description}}',
    charge: 'Charge',
    credit: 'Account credit applied',
    total: 'Total paid: {{amount}}',
  },
  moneyBack: {
    invoice: 'your payment for {{period}}',
    fee: 'the fee "{{description}}"',
    payment: 'your payment of {{date}}',
  },
  cancellation: {
    earlyTermination:
      'Because this date falls within your {{months}}-month minimum term, an early-termination fee of {{fee}} applies.',
    notice:
      "This date gives the required {{days}} days' notice after your minimum term; no early-termination fee applies.",
    endOfPaidWeek:
      'Your weekly rental ends at the end of the week you have paid for; no early-termination fee applies and nothing more is charged.',
  },
  decision: {
    approved: 'approved',
    declined: 'declined',
    approvedDetails:
      'Your rental ends on {{date}} and billing stops then. We will contact you to arrange pickup of the unit.',
    feeOnFinalInvoice:
      'Because this date falls within your {{months}}-month minimum term, an early-termination fee of {{fee}} is charged to your card on file.',
    declinedDetails: 'Your rental continues as before.',
    teamNote: 'Note from our team: {{note}}',
  },
  visits: {
    types: {
      delivery: 'delivery',
      pickup: 'pickup',
      service: 'service visit',
      swap: 'swap-out',
    },
    serial: ' (unit {{serial}})',
    problem: ' (you told us: {{problem}})',
    pickup: 'we will pick up your {{model}}{{serial}}. Please have it unplugged and its water tray emptied.',
    service: 'a service visit for your {{model}}{{problem}}.',
    swap: 'we will bring a replacement {{model}} and take the current unit{{serial}} away.',
    delivery: 'we will deliver and install your {{model}}.',
  },
};
