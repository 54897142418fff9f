/** The buyer's own cards: names, "Refresh now", validity in two zones (issue 27). */
const simcardOwn = {
  refresh: 'Refresh now',
  refreshing: 'Reading…',
  refreshed: 'Usage updated',
  nameTitle: 'Name this card',
  rename: 'Rename',
  namePlaceholder: "e.g. Mum's phone",
  save: 'Save',
  cancel: 'Cancel',
  saved: 'Name saved',
  tooLong: 'At most {{max}} characters',
  endsHere: 'Ends, your time',
  endsThere: 'Ends at the destination',
  startedAt: 'Started (activation)',
  rule: {
    purchase: '{{count}} days, counted from purchase',
    install: '{{count}} days, counted from installing the eSIM',
    first_attach: '{{count}} days, counted from the first connection at the destination',
  },
};

export default simcardOwn;
