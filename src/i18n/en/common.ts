/** The frame of every public page: header, navigation, footer, language switcher. */
export const common = {
  skipToContent: 'Skip to main content',
  nav: {
    main: 'Main',
    catalog: 'Catalog',
    pricing: 'Pricing',
    serviceArea: 'Service Area',
    faq: 'FAQ',
    rentNow: 'Rent Now',
    openMenu: 'Open menu',
    menu: 'Menu',
  },
  language: {
    switchTo: 'Ver en español',
    label: 'Language',
  },
  /** src/contracts/business.ts's facts as shown (the data stays English; business-facts.test.ts keeps them equal). */
  /** The tab title of the home page ("{{name}} · …"); other pages are "{page} · {{name}}". */
  homeTitle: '{{name}} · Portable AC Rentals from {{monthly}}/month',
  // Shared components (src/web/components/).
  ui: {
    loading: 'Loading...',
    close: 'Close',
    dialogMessages: 'Notices',
    tryAgain: 'Try Again',
    retrying: 'Retrying...',
    phone: 'Phone',
    email: 'E-mail',
    perMonth: '/month',
    perWeek: '/week',
    downloadAgreement: 'Download Agreement',
    agreementUnavailable: 'Agreement PDF not available',
    /** The agreement card (components/agreement/): checkout and a phone order's page. */
    agreement: {
      title: 'Rental Agreement Summary',
      accept: 'I have read and agree to the rental agreement',
      readFull: 'Read the full rental agreement',
      newTab: '(opens in a new tab)',
    },
  },
  facts: {
    officeHours: 'Mon-Fri 8AM-8PM',
    area: 'Orange County, CA',
  },
  footer: {
    tagline: 'Portable air conditioner rentals for Orange County and South LA, delivered and installed.',
    rentals: 'Rentals',
    monthlyRentals: 'Monthly Rentals',
    weeklyRentals: 'Weekly Rentals',
    delivery: 'Delivery',
    help: 'Help',
    support: 'Support',
    faq: 'FAQ',
    contact: 'Contact',
    terms: 'Terms',
    existingCustomers: 'Existing customers',
    accessAccount: 'Access your rental account',
    hours: 'Hours',
    area: 'Area',
    copyright: '© {{year}} {{name}}. Support available 24/7.',
  },
};
