/**
 * Messages that come from the API or from the shared zod schemas of `src/contracts/`, and the error pages.
 *
 * `server.*` holds the server's and the contracts' English messages VERBATIM (spec section 5 and 8 texts among
 * them): `translateServerMessage` (src/web/i18n/server-message.ts) finds a message by its exact English text
 * here, with `{{placeholders}}` standing for the parts that vary, and shows the Spanish of the same key.
 * `server-message.test.ts` checks these texts against the contracts' own constants, so keep them identical.
 */
export const errors = {
  server: {
    // Checkout registration and the shared customer fields (spec section 5).
    planMonthlyOnly: 'Only the monthly plan can be booked online',
    nameMin: 'Name must be at least 2 characters',
    nameMax: 'Name must be at most 255 characters',
    emailInvalid: 'Please enter a valid email address',
    phoneInvalid: 'Please enter a valid phone number',
    startDateRequired: 'Start date is required',
    startDatePast: 'Start date cannot be in the past',
    startDateTooLate: 'Start date must be within the next {{days}} days',
    addressIncomplete: 'Please enter a complete address',
    cityRequired: 'City is required',
    cityMax: 'City must be at most 100 characters',
    zipInvalid: 'Please enter a valid ZIP code',
    buildingNotesMax: 'Building notes must be at most 1,000 characters',
    dormAnswerRequired: 'Please tell us whether the address is an undergraduate university dorm',
    dormRefusal:
      "Sorry, we can't deliver to an undergraduate university dorm. Service is not permitted in undergraduate dorms of one university because of its housing policies.",
    chooseModel: 'Please choose a unit model',
    chooseUnit: 'Please choose a unit from the catalog',
    agreementRequired: 'Please accept the rental agreement to proceed',
    // Agreement signing (spec section 5).
    typedNameRequired: 'Please type your full legal name',
    mustAgree: 'You must agree to the terms',
    orderNotFound: 'Order not found',
    orderCannotBeSigned: 'This order can no longer be signed.',
    // A phone order's link (/order/{id}?key=…).
    linkNotValid: 'This link is not valid',
    signFirst: 'Please sign the agreement first',
    linkUsed: 'This order is already paid. Please check your e-mail for the confirmation.',
    linkExpired: 'This link has expired: the unit held for you was released. Please call us to set it up again.',
    linkReleased: 'This order was cancelled and its unit released. Please call us to set it up again.',
    linkReplaced: 'We sent you a newer link for this order. Please use the latest e-mail.',
    // Contact form.
    messageMin: 'Please write at least 10 characters',
    messageMax: 'Please keep your message under 5,000 characters',
    contactSent: 'Thank you: your message was sent. We reply within one business day.',
    // Service area.
    outOfArea:
      "We don't deliver to ZIP {{zip}} yet: it is {{miles}} miles from our depot and we serve within {{radius}} miles.",
    unknownZip: 'We could not find ZIP code {{zip}}. Please check it and try again.',
    leadThanks: "Thanks! We'll e-mail you when we start delivering to ZIP {{zip}}.",
    // Checkout.
    providerUnavailable: 'We could not reach our payment provider. Nothing was charged; please try again in a minute.',
    tooManyHolds:
      'You already have {{holds}} checkouts waiting for payment. Please complete or cancel one of them, or try again in {{minutes}} minutes.',
    outOfStock: 'Sorry, that AC unit is out of stock right now. Please choose another model or check back later.',
    modelNotOffered: 'That AC model is no longer offered. Please choose a unit from the catalog.',
    differentDetails: 'This checkout was started with different details. Please submit the form again.',
    alreadyPaid: 'This checkout is already paid. Please check your e-mail for the confirmation.',
    stillPreparing: 'Your checkout is still being prepared. Please try again in a moment.',
    checkoutNotFound: 'We could not find that checkout. If you paid, your confirmation e-mail has your order number.',
    // Delivery windows (issue 30): create-session's refusals of the window asked for.
    windowFull: 'That delivery window just filled up. Please choose another window.',
    windowNotOffered: 'We do not deliver in that window. Please choose one of the windows shown.',
    noWindowEarliest:
      'Every delivery window in the next {{days}} days is taken. The earliest delivery we can offer is {{earliest}}: please choose a later start date.',
    noWindowCall: 'Every delivery window in the next {{days}} days is taken. Please call us to arrange a delivery.',
    // The waitlist (ADR 036): joining a line, its e-mailed links, and the checkout of an offer.
    modelInStock: 'This model is in stock: you can rent it now.',
    offerAlreadyHeld: 'A unit is already held for you: see the e-mail we sent you.',
    invalidWaitlistLink: 'This waitlist link is not valid.',
    offerEnded: 'This waitlist offer has ended. You can join the line again.',
    offerForAnotherEmail:
      'This waitlist offer is for the e-mail address that joined the line. Please check out with that address.',
    // The payment page (Stripe's hosted page's own messages).
    cardNumberIncomplete: 'Your card number is incomplete.',
    cardNumberInvalid: 'Your card number is invalid.',
    expiryIncomplete: "Your card's expiration date is incomplete.",
    expiryPast: "Your card's expiration year is in the past.",
    cvcIncomplete: "Your card's security code is incomplete.",
    cardNameRequired: 'Please enter the name on the card.',
    cardDeclined: 'Your card was declined.',
    cardInsufficientFunds: 'Your card has insufficient funds.',
    cardExpired: 'Your card has expired.',
    cvcIncorrect: "Your card's security code is incorrect.",
    notATestCard: 'Your card was declined. This test payment page only accepts test cards such as 4242 4242 4242 4242.',
    paySessionExpired: 'This payment page has expired. Nothing was charged; please start checkout again.',
    paySessionNotFound: 'Payment session not found',
    // A service visit (issue 33): the portal's refusals, shown as the reason the button is not offered.
    serviceNotActive: 'A service visit can only be requested for an active rental.',
    serviceNotDelivered: 'A service visit can be requested once your unit has been delivered.',
    // Any API call.
    tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
    serverError: 'Something went wrong on our side. Please try again.',
    notFound: 'Not found',
    authenticationRequired: 'Authentication required',
    crossSite: 'Cross-site request refused',
    invalidRequest: 'Invalid request',
    invalidValue: 'Invalid value',
    textNul: 'Text cannot contain NUL characters',
    textSurrogate: 'Text must be valid Unicode (it has a lone surrogate)',
    unitModelNotFound: 'Unit model not found',
    networkError: 'Failed to fetch',
    // The portal's forms: the cancellation request and the service request (contracts/portal.ts, service-requests.ts).
    effectiveDateRequired: 'Effective date is required',
    cancellationReasonMin: 'Please provide a reason for cancellation (minimum 10 characters)',
    cancellationReasonMax: 'Please keep the reason under 2,000 characters',
    problemTooShort: 'Please tell us what is wrong (at least {{min}} characters)',
    problemTooLong: 'Please keep the description under {{max}} characters',
    preferredDateRequired: 'Please choose a preferred day',
    preferredDateInPast: 'The preferred day cannot be in the past.',
    preferredDateTooFar: 'Please choose a day within the next {{days}} days.',
  },
  // Spec section 2's unknown route, verbatim.
  notFound: {
    documentTitle: 'Page Not Found',
    title: '404 Page Not Found',
    body: 'Did you forget to add the page to the router?',
    home: 'Go to Home',
  },
};
