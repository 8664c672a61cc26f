/** The home page (/) and its sections. */
export const home = {
  banner: 'Heat wave? Units are ready now: {{monthly}}/month with free delivery within {{miles}} miles.',
  hero: {
    title: 'Portable AC Rentals in Orange County & South LA',
    lead: 'Stay cool for {{monthly}} a month. Every unit delivers at least {{btu}} BTU, with free delivery and installation on a {{months}}-month rental and 24/7 support.',
    rentNow: 'Rent Now for {{monthly}}/month',
    browse: 'Browse Units',
  },
  features: {
    title: 'Why Rent With Us',
    deliveredTitle: 'Delivered & Installed',
    deliveredText:
      'Free delivery within {{miles}} miles. We set the unit up and vent it properly, so it cools from day one.',
    maintenanceTitle: 'Maintenance Included',
    maintenanceText: 'Free maintenance and repairs for as long as you rent. If a unit fails, we fix or replace it.',
    supportTitle: '24/7 Support',
    supportText: 'Heat waves do not keep office hours. Reach our support team any time, day or night.',
  },
  cta: {
    title: 'Ready to Beat the Heat?',
    text: 'Reserve your unit in a few minutes. We will call to schedule delivery and have you cool in no time.',
    rentNow: 'Rent Now',
  },
  pricing: {
    title: 'Simple, Flat Pricing',
    lead: 'One price for every unit. No hidden costs for maintenance or support.',
    planTitle: 'Monthly AC Rental',
    planDescription: 'Our standard plan for homes, apartments and offices.',
    included: {
      btu: 'All units minimum {{btu}} BTU',
      minimum: '{{months}}-month minimum for free delivery & installation (otherwise a {{fee}} fee)',
      delivery: 'Free delivery within {{miles}} miles',
      support: '24/7 support, free maintenance and repairs',
      pickup: 'Free pickup at the end of your rental',
    },
    start: 'Start Monthly Rental',
    unitsTitle: 'Our Units',
    unitsDescription: 'Sized for your room, all at the same monthly price.',
    viewCatalog: 'View Catalog',
  },
  serviceArea: {
    title: 'Service Area',
    lead: 'We deliver, install and pick up across Orange County and South Los Angeles',
    withinRadius: ', within {{radius}} miles of our {{city}} depot',
    free: '. Delivery is free within {{miles}} miles',
    charge: '; farther out, a one-time {{charge}} delivery charge is added to your first month',
    end: '.',
    /** The regions' names (from the server and contracts/business.ts), by their English name. */
    areas: {
      orangeCounty: 'Orange County',
      southLosAngeles: 'South Los Angeles',
      longBeach: 'Long Beach and the Gateway Cities',
      dorms: 'Undergraduate dorms of one university',
    },
    available: 'Available',
    notAvailable: 'Not available',
  },
  delivery: {
    title: 'Delivery & Installation',
    free: 'Free delivery within {{miles}} miles.',
    charge: 'From {{miles}} to {{radius}} miles, a one-time {{charge}} delivery charge with your first month.',
    installation:
      'Free installation with the {{months}}-month minimum; otherwise a one-time {{fee}} delivery and installation fee.',
    call: 'We call you within 24 hours of your order to schedule delivery.',
    pickup: 'Free pickup when your rental ends.',
  },
  support: {
    title: 'Support',
    text: 'Technical support is available 24/7, and maintenance and repairs are always free. Office hours: {{hours}}.',
    alreadyRenting: 'Already renting?',
    accessAccount: 'Access your rental account',
  },
  faq: {
    title: 'Frequently Asked Questions',
    lead: 'Still have a question? Our office is open {{hours}}, and support is available 24/7.',
    costQ: 'How much does it cost?',
    costA: 'Every unit rents for {{monthly}} per month, and every unit delivers at least {{btu}} BTU.',
    minimumQ: 'Is there a minimum rental period?',
    minimumA:
      'The monthly plan has a {{months}}-month minimum ({{total}} in total), which includes free delivery and installation. Without the minimum commitment, a {{fee}} delivery and installation fee applies.',
    deliveryQ: 'Where do you deliver, and is delivery free?',
    deliveryArea: 'We serve Orange County and South Los Angeles',
    deliveryRadius: ', within {{radius}} miles of our depot in {{city}}',
    deliveryFree: '. Delivery is free within {{miles}} miles',
    deliveryCharge:
      '; from there to {{radius}} miles, a one-time {{charge}} delivery charge is added to your first month',
    deliveryEnd:
      '. Pickup at the end of your rental is always free. The checkout tells you the delivery price for your ZIP before you pay.',
    dormQ: 'Can I rent a unit for my university dorm?',
    dormA:
      "No. One local university's housing policy does not allow our units in its undergraduate dorms, so we cannot deliver there. Off-campus apartments and houses are welcome.",
    repairQ: 'What if my unit stops working?',
    repairA:
      'Maintenance and repairs are free. Our support line is open 24/7; tell us what is wrong and we will fix or swap the unit.',
    cancelQ: 'How do I cancel?',
    cancelA:
      "Before the {{months}}-month minimum is complete, cancelling early costs a {{fee}} early termination fee. After {{months}} months you can cancel any time with {{days}} days' notice. Request it from your rental account or contact us.",
    weeklyQ: 'Do you offer weekly rentals?',
    weeklyA:
      'Yes. Weekly rentals have no minimum; weekly prices are shown in our catalog. Online checkout is for the monthly plan, so call us to arrange a weekly rental.',
    installQ: 'What do I need for installation?',
    installA:
      'A standard 115V outlet, a window or wall opening for the vent hose, enough floor space for the unit, and access for condensate drainage.',
  },
};
