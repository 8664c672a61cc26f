/**
 * The checkout page (/checkout) and its parts, with the notice of a waitlist offer's link (?waitlist=). The spec's
 * and the contracts' English texts are verbatim here. The contracts' validation and refusal messages are translated in the `errors`
 * namespace, found by their English words (`src/web/i18n/server-message.ts`).
 */
export const checkout = {
  documentTitle: 'Checkout',
  heading: 'Rent Your AC Unit',
  progress: {
    label: 'Checkout progress',
    register: 'Complete Registration',
    payment: 'Payment',
    step: 'Step {{number}}: ',
    done: ' (done)',
  },
  plan: {
    title: 'Monthly AC Rental',
    minimumBtu: 'All units minimum {{btu}} BTU',
    minimumMonths: '{{months}}-month minimum for free delivery and installation',
    selectedUnit: 'Selected unit: ',
    available: 'AC units available for rental',
  },
  picker: {
    legend: 'Choose your unit',
    description: 'Live availability; it refreshes while you fill in the form.',
    perMonth: '{{price}}/month',
    checking: 'Checking...',
    available: '{{count}} Available',
    outOfStock: 'Out of Stock',
    onHold: '{{count}} on hold',
    loading: 'Loading units...',
    loadError: 'We could not load the units. Please check your connection.',
    retry: 'Try again',
    noneInStock: 'Every unit is rented right now. Join a waitlist on the catalog to get one when it is free.',
    heldForYou: 'Held for you',
  },
  outOfStock: {
    title: 'That unit just went out of stock',
    body: 'Everything you typed is kept. Choose another unit and submit again.',
    switchTo: 'Switch to {{name}}',
    none: 'No other unit is in stock right now. Please check back later.',
  },
  details: {
    title: 'Your Details',
    name: 'Full Name',
    email: 'Email',
    phone: 'Phone',
    startDate: 'Start Date',
    startDateHelp: 'The day you would like your unit delivered.',
    address: 'Street Address',
    city: 'City',
    zipCode: 'ZIP Code',
    buildingNotes: 'Building / Apartment Notes (optional)',
    buildingNotesHelp: 'Gate codes, floor, parking or anything that helps us deliver.',
    restored: 'We kept what you typed. Please tick the rental agreement again before paying.',
  },
  deliveryWindow: {
    legend: 'Delivery Window',
    description: 'When we bring and install your unit, within the {{days}} days from your start date.',
    waiting: 'Enter your start date and ZIP code to see the delivery windows.',
    loading: 'Loading delivery windows...',
    loadError: 'We could not load the delivery windows.',
    retry: 'Try again',
    full: 'Full',
    searching:
      'Every delivery window in the {{days}} days from your start date is taken. Looking for the earliest day we can deliver...',
    noneOpenEarliest:
      'Every delivery window in the {{days}} days from your start date is taken. The earliest delivery we can offer is {{date}}.',
    noneOpen:
      'Every delivery window in the {{days}} days from your start date is taken, and the weeks after are full too. Please call us to arrange a delivery.',
    moveStartDate: 'Move my start date to {{date}}',
  },
  dorm: {
    question: 'Is the delivery address an undergraduate university dorm?',
    policy: 'Service is not permitted in undergraduate dorms of one university because of its housing policies.',
    no: 'No',
    yes: 'Yes',
  },
  agreement: {
    requiredTitle: 'Agreement Required',
    requiredBody: 'Please accept the rental agreement to proceed',
  },
  price: {
    title: 'Price Summary',
    monthlyRate: 'Monthly rate',
    perMonth: '{{amount}}/month',
    minimum: 'Minimum {{months}} months',
    deliveryMiles: 'Delivery ({{miles}})',
    delivery: 'Delivery',
    notAvailable: 'Not available for this ZIP',
    deliveryWithin: 'Delivery (within {{miles}} miles)',
    free: 'Free',
    deliveryWithinFree: 'Delivery within {{miles}} miles',
    freeUpper: 'FREE',
    dueToday: 'Due today (first month + delivery)',
  },
  submit: {
    pay: 'Complete Registration & Pay',
    processing: 'Processing...',
    formLabel: 'Registration',
  },
  errorToast: 'Checkout Error',
  redirecting: {
    title: 'Redirecting to Payment',
    spinner: 'Redirecting to the secure payment page...',
    body: 'Taking you to our secure payment page. Your unit is reserved for 30 minutes while you pay.',
  },
  lead: {
    prompt: "Leave your e-mail and we'll tell you when we deliver to your area.",
    email: 'Email for updates',
    notify: 'Notify me',
    saving: 'Saving...',
    saveError: 'Could not save your e-mail',
    thanks: "Thanks! We'll e-mail you when we start delivering to ZIP {{zipCode}}.",
    unknownZip: 'We could not find ZIP code {{zipCode}}. Please check it and try again.',
    outOfArea:
      "We don't deliver to ZIP {{zipCode}} yet: it is {{miles}} miles from our depot and we serve within {{radius}} miles.",
  },
  waitlistOffer: {
    checking: 'Checking your waitlist offer...',
    held: "We're holding a {{model}} for you until {{time}} (Los Angeles time). Check out with the e-mail address you joined the waitlist with.",
    heldNoTime: "We're holding a {{model}} for you. Check out with the e-mail address you joined the waitlist with.",
    ended:
      'This waitlist offer has ended: the unit held for it went to the next person in line. You can join the line again.',
    invalid: 'This waitlist link is not valid. You can still rent any unit in stock below.',
    failed: 'We could not check your waitlist offer. Please reload the page.',
  },
};
