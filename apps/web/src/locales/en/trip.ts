/** Plan by trip and the wrong-plan confirm (issue 27). */
export default {
  title: 'Plan by trip',
  intro: 'Tell us where you go and when: we find the cheapest plans that cover every day in every country.',
  formLabel: 'Your trip',
  stop: 'Stop {{n}}',
  country: 'Country',
  chooseCountry: 'Choose a country',
  from: 'From',
  to: 'To',
  addStop: 'Add a stop',
  removeStop: 'Remove stop {{n}}',
  use: 'Data you use a day',
  useNone: 'Just stay connected (count the days only)',
  use300: 'Light, about 300 MB (maps, messages)',
  use1024: 'Moderate, about 1 GB',
  use2048: 'Heavy, about 2 GB (video)',
  submit: 'Find my plans',
  resultTitle_one: '{{count}} day in {{countries}}',
  resultTitle_other: '{{count}} days in {{countries}}',
  uncovered: 'No plan on sale covers {{names}} yet: these proposals leave it out.',
  none: 'No plan on sale covers this trip.',
  best: 'Best price',
  option: {
    cheapest: 'Cheapest',
    oneEsim: 'One eSIM to install',
    unlimited: 'Unlimited data',
  },
  esims_one: '{{count}} eSIM to install',
  esims_other: '{{count}} eSIMs to install',
  dates: '{{from}} – {{to}}',
  topupOn:
    'A top-up on the eSIM above: buy it from My SIM cards once that eSIM is installed, no new install.',
  cart: {
    addAll: 'Add all to cart',
    added_one: '{{count}} eSIM added to your cart.',
    added_other: '{{count}} eSIMs added to your cart.',
    addedWithoutTopups_one:
      '{{count}} eSIM added. Its top-up is bought from My SIM cards once the eSIM is installed.',
    addedWithoutTopups_other:
      '{{count}} eSIMs added. Their top-ups are bought from My SIM cards once the eSIMs are installed.',
    topupsLater_one:
      'The top-up is not added: it goes on the eSIM you buy now, so you buy it from My SIM cards once that eSIM is installed.',
    topupsLater_other:
      'The {{count}} top-ups are not added: they go on the eSIMs you buy now, so you buy them from My SIM cards once those eSIMs are installed.',
    failed: 'Could not add {{plans}} to your cart.',
  },
  entry: {
    title: 'Plan by trip',
    text: 'Several countries or a long stay? Get the cheapest plans for every day.',
  },
  confirm: {
    title: 'Is this the right plan?',
    confusable: 'This plan is for {{country}}, not {{others}}.',
    georgia: 'This plan is for Georgia the country (Tbilisi), not the US state of Georgia.',
    home: 'This plan is for {{country}}, your own country (from your phone number). Travel plans are for abroad.',
    validity: 'Your trip lasts {{tripDays}} days but this plan lasts {{validityDays}} days.',
    ok: 'Yes, this plan',
    cancel: 'Let me check',
  },
  website: {
    heroTitle: 'Data for every trip',
    heroText:
      'eSIMs and SIM cards for 30+ countries and regions. Tell us your trip: we find the cheapest plans covering every day.',
    planner: 'Plan by trip',
    destinations: 'All destinations',
    from: 'from {{price}}',
  },
  fairUse: '{{data}} a day at full speed, then {{kbps}} kbps',
  unitGb: 'GB',
  unitMb: 'MB',
};
