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
  stackExtends:
    'A top-up adds its data to this card at once and extends the validity by its days, counted from the current end ({{end}}): nothing waits in a queue.',
  stackNotStarted:
    'A top-up adds its data to this card at once; its days are added to the validity when it starts.',
  rule: {
    purchase: '{{count}} days, counted from purchase',
    install: '{{count}} days, counted from installing the eSIM',
    first_attach: '{{count}} days, counted from the first connection at the destination',
  },
};

export default simcardOwn;
