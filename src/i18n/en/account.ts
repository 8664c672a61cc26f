import { freshLinkSentMessage, loginLinkUsedMessage, signInLinkSentMessage } from '@/contracts/sign-in-messages';

/** The ways into a rental account: /account-access, the sign-in e-mail page, the one-time link, Rental Not Found. */
export const account = {
  access: {
    title: 'Access Your Rental Account',
    intro:
      'For existing customers: open your rental with the order number from your confirmation e-mail and the e-mail address you rented with.',
    linkExpired:
      'This sign-in link has expired or was already used. Enter your order number and e-mail below to open your account.',
    orderNumber: 'Order ID',
    orderNumberHint: 'Your order number looks like order-7K2M9QXA.',
    email: 'Email',
    checking: 'Checking...',
    submit: 'Access My Account',
    notCustomer: 'Not a customer yet?',
    startRental: 'Start New Rental',
  },
  signIn: {
    title: 'Sign in to see your rental',
    intro:
      "For your privacy, your rental account opens only on a device you have signed in on. Enter the e-mail you rented with and we'll e-mail you a sign-in link.",
    email: 'Email',
    sending: 'Sending...',
    submit: 'E-mail me a sign-in link',
    checkEmail: 'Check your e-mail',
    sent: signInLinkSentMessage,
    anotherEmail: 'Use another e-mail',
    haveOrderNumber: 'Have your order number?',
    accessAccount: 'Access your rental account',
    withItInstead: 'with it instead, or',
    contactSupport: 'contact support',
  },
  link: {
    pageTitle: 'Sign In',
    title: 'Your sign-in link',
    intro: 'This link signs you in on this device. It works once.',
    signingIn: 'Signing in...',
    continue: 'Continue to your rental',
    expiredTitle: 'Get a fresh sign-in link',
    used: loginLinkUsedMessage,
    offer: "To open it here, we'll e-mail a new link to the address on your rental.",
    sending: 'Sending...',
    sendNew: 'Send me a new link',
    freshSent: freshLinkSentMessage,
    or: 'Or',
    accessAccount: 'access your rental account',
    withOrderNumber: 'with your order number.',
  },
  notFound: {
    title: 'Rental Not Found',
    text: "We couldn't find a rental with the provided ID. Please check your link or contact support.",
    accessAccount: 'Access your rental account',
    contactSupport: 'Contact support',
  },
  /** The contracts' English field messages, shown translated to a Spanish reader. */
  errors: {
    orderNumberRequired: 'Order number is required',
    emailInvalid: 'Please enter a valid email address',
  },
};
