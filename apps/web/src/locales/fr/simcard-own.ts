/** The buyer's own cards: names, "Refresh now", validity in two zones (issue 27). */
const simcardOwn = {
  refresh: 'Actualiser',
  refreshing: 'Lecture…',
  refreshed: 'Consommation mise à jour',
  nameTitle: 'Nommer cette carte',
  rename: 'Renommer',
  namePlaceholder: 'p. ex. le téléphone de maman',
  save: 'Enregistrer',
  cancel: 'Annuler',
  saved: 'Nom enregistré',
  tooLong: '{{max}} caractères au plus',
  endsHere: 'Fin, votre heure',
  endsThere: 'Fin à destination',
  startedAt: 'Début (activation)',
  stackExtends:
    'Une recharge ajoute ses données à cette carte aussitôt et prolonge la validité de ses jours, à compter de la fin actuelle ({{end}}) : rien n’attend dans une file.',
  stackNotStarted:
    'Une recharge ajoute ses données à cette carte aussitôt ; ses jours s’ajoutent à la validité quand elle commence.',
  rule: {
    purchase: '{{count}} jours, comptés à partir de l’achat',
    install: '{{count}} jours, comptés à partir de l’installation de l’eSIM',
    first_attach: '{{count}} jours, comptés à partir de la première connexion à destination',
  },
};

export default simcardOwn;
