/** Product pictures, the header's phone, "how it works" and the trust signals (issue 13, item 1). */
export const visuals = {
  art: {
    unit: 'Drawing of the {{name}} portable air conditioner',
    unitPhoto: 'Photo of the {{name}} portable air conditioner',
    hero: 'A portable air conditioner in a bedroom, venting through the window and cooling the room',
  },
  phone: {
    call: 'Call us at {{phone}}',
  },
  howItWorks: {
    title: 'How It Works',
    intro: 'From order to cool air in four steps. We do the heavy lifting.',
    steps: {
      order: { title: 'Order online', text: 'Pick a unit, choose a start date and pay securely in a few minutes.' },
      delivery: {
        title: 'We deliver & install',
        text: 'We bring the unit to your door, set it up and vent it through your window.',
      },
      cool: { title: 'Stay cool', text: 'Enjoy cool air all season. Maintenance and repairs are on us.' },
      pickup: { title: 'We pick it up', text: 'When you are done, we collect the unit at no charge.' },
    },
  },
  trust: {
    title: 'Why customers trust us',
    items: {
      delivery: 'Free delivery & installation on a {{months}}-month rental',
      support: 'Support 24/7, including heat-wave weekends',
      repairs: 'Free maintenance and repairs',
      cancel: 'Request cancellation online from your account',
      local: 'Local service in Orange County & South LA',
      pickup: 'Free pickup at the end of your rental',
    },
  },
};
