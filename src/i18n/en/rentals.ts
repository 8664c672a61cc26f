/** /monthly and /weekly. */
export const rentals = {
  monthly: {
    title: 'Monthly Rentals',
    lead: 'Our standard plan: one flat monthly price, delivered and installed, with support whenever you need it.',
    planTitle: 'Monthly AC Rental',
    details: {
      price: '{{monthly}} per month for every unit, billed monthly to your card',
      btu: 'Every unit delivers at least {{btu}} BTU',
      minimum:
        '{{months}}-month minimum ({{total}} in total) for free delivery and installation; otherwise a {{fee}} fee',
      delivery: 'Free delivery within {{miles}} miles and free pickup at the end',
      support: '24/7 support with free maintenance and repairs',
      cancel:
        "After {{months}} months, cancel any time with {{days}} days' notice ({{fee}} early termination fee before then)",
    },
    start: 'Start Monthly Rental',
    readAgreement: 'Read the Rental Agreement',
    questions:
      'We serve Orange County and South Los Angeles. Questions? Our office is open {{hours}}; see <anchor>Contact</anchor>.',
  },
  weekly: {
    title: 'Weekly Rentals',
    lead: 'Need cooling for a heat wave, a visit or an event? Rent by the week with no minimum.',
    pricesTitle: 'Weekly Prices',
    howTitle: 'How to Book',
    how: 'Online checkout is for the monthly plan. Weekly rentals are arranged by phone: call or e-mail us and we will confirm availability, delivery and the total for your dates.',
    longer: 'Staying longer? The <anchor>monthly plan</anchor> is better value.',
  },
};
