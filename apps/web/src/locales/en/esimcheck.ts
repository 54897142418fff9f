/** The phone check: where it was bought, carrier lock, EID (issue 27). */
export default {
  title: 'Check my phone',
  model: 'Your phone',
  chooseModel: 'Choose your model',
  unlistedOption: 'My phone is not on the list',
  boughtIn: 'Where was it bought?',
  region: {
    CN: 'Mainland China',
    HK: 'Hong Kong',
    MO: 'Macau',
    other: 'Elsewhere',
  },
  lock: 'Is it locked to a carrier?',
  lockAnswer: { no: 'No', yes: 'Yes', unsure: 'Not sure' },
  eid: 'Your EID (optional)',
  eidPlaceholder: '32 digits',
  eidHelp: 'Settings > General > About > EID on iPhone; Settings > About phone > SIM status on Android.',
  ok: 'The {{model}} takes an eSIM.',
  noRegion: 'The {{model}} sold in {{region}} has two physical SIM slots and no eSIM.',
  noUnlisted:
    'We do not know this phone to take an eSIM: look for "Add eSIM" in its settings, or take a physical SIM.',
  physicalSim: 'See the physical SIM cards',
  simKeyword: 'travel SIM card',
  locked:
    'A carrier-locked phone takes only that carrier’s SIMs and eSIMs: ask the carrier to unlock it before you travel.',
  lockHow:
    'iPhone: Settings > General > About > Carrier Lock says “No SIM restrictions” when it is unlocked. Android: a SIM of another carrier works in it.',
  eidOk: 'This EID is well formed.',
  eidTypo: 'This EID has a typo: its check digits do not match. Copy it again from the settings.',
  eidLength_one: 'An EID has 32 digits; this has {{count}}.',
  eidLength_other: 'An EID has 32 digits; this has {{count}}.',
};
