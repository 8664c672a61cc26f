/**
 * The fair waitlist's public side (ADR 036): the catalog's "Join the waitlist" dialog for an out-of-stock model, and
 * the page of the e-mail's leave link (/waitlist/leave?token=…). The contracts' texts (src/contracts/waitlist.ts)
 * are verbatim here; the places in line are picked by position, not read from the server's English.
 */
export const waitlist = {
  join: {
    button: 'Join the waitlist',
    buttonLabel: 'Join the waitlist for the {{name}}',
    title: 'Join the waitlist',
    description:
      'The {{name}} is out of stock. When a unit is free, we hold it for the first in line and e-mail them a link to rent it.',
    email: 'Email',
    zipCode: 'Delivery ZIP code',
    zipCodeHelp: 'Where the unit would be delivered.',
    submit: 'Join the waitlist',
    sending: 'Saving...',
    cancel: 'Cancel',
    close: 'Close',
    website: 'Website',
    joinedFirst: "You're first in line. We'll e-mail you a link that holds a unit for you as soon as one is free.",
    joinedNumber:
      "You're number {{position}} in line. We'll e-mail you a link that holds a unit for you when it's your turn.",
    alreadyHeld: 'A unit is already held for you: see the e-mail we sent you.',
    rentNow: 'Rent it now',
  },
  leave: {
    documentTitle: 'Your waitlist place',
    heading: 'Your place on the waitlist',
    loading: 'Loading your waitlist place...',
    first: "You're first in line for the {{model}}.",
    position: "You're number {{position}} in line for the {{model}}.",
    waiting: "You're on the waitlist for the {{model}}.",
    waitingNote: "When it's your turn, we'll e-mail you a link that holds a unit for you.",
    offered: 'A {{model}} is held for you right now: use the link in the e-mail we sent you to rent it.',
    offeredNote: 'If you leave the waitlist, the unit goes to the next person in line.',
    button: 'Leave the waitlist',
    leaving: 'Leaving...',
    left: "You've left the waitlist. We won't e-mail you about this model again.",
    alreadyLeft: 'You already left the waitlist for the {{model}}.',
    removed: "You're no longer on the waitlist for the {{model}}.",
    rented: "You rented the {{model}} from the waitlist, so you're no longer in line.",
    lapsed:
      "The {{model}} held for you went to the next person in line, so you're no longer on the waitlist. You can join it again from the catalog.",
    catalog: 'See the catalog',
    invalidTitle: 'This link is not valid',
    invalid: 'This waitlist link is not valid. Please open the link from our e-mail exactly as it was sent.',
    loadFailedTitle: 'We could not load your waitlist place',
    loadFailed: 'Please check your connection and try again.',
  },
};
