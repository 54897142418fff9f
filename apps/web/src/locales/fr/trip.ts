/** Plan by trip and the wrong-plan confirm (issue 27). */
export default {
  title: 'Forfaits par voyage',
  intro:
    'Dites-nous où et quand vous partez : nous trouvons les forfaits les moins chers qui couvrent chaque jour dans chaque pays.',
  formLabel: 'Votre voyage',
  stop: 'Étape {{n}}',
  country: 'Pays',
  chooseCountry: 'Choisissez un pays',
  from: 'Du',
  to: 'Au',
  addStop: 'Ajouter une étape',
  removeStop: 'Retirer l’étape {{n}}',
  use: 'Données utilisées par jour',
  useNone: 'Rester connecté (compter les jours seulement)',
  use300: 'Peu, environ 300 Mo (cartes, messages)',
  use1024: 'Modéré, environ 1 Go',
  use2048: 'Beaucoup, environ 2 Go (vidéo)',
  submit: 'Trouver mes forfaits',
  resultTitle_one: '{{count}} jour : {{countries}}',
  resultTitle_other: '{{count}} jours : {{countries}}',
  uncovered: 'Aucun forfait en vente ne couvre encore {{names}} : ces propositions l’excluent.',
  none: 'Aucun forfait en vente ne couvre ce voyage.',
  best: 'Meilleur prix',
  option: {
    cheapest: 'Le moins cher',
    oneEsim: 'Une seule eSIM à installer',
    unlimited: 'Données illimitées',
  },
  esims_one: '{{count}} eSIM à installer',
  esims_other: '{{count}} eSIM à installer',
  dates: '{{from}} – {{to}}',
  topupOn:
    'Une recharge de l’eSIM ci-dessus : achetez-la dans Mes cartes SIM une fois cette eSIM installée, sans nouvelle installation.',
  cart: {
    addAll: 'Tout ajouter au panier',
    added_one: '{{count}} eSIM ajoutée au panier.',
    added_other: '{{count}} eSIM ajoutées au panier.',
    addedWithoutTopups_one:
      '{{count}} eSIM ajoutée. Sa recharge s’achète dans Mes cartes SIM une fois l’eSIM installée.',
    addedWithoutTopups_other:
      '{{count}} eSIM ajoutées. Leurs recharges s’achètent dans Mes cartes SIM une fois les eSIM installées.',
    topupsLater_one:
      'La recharge n’est pas ajoutée : elle va sur l’eSIM achetée maintenant ; achetez-la dans Mes cartes SIM une fois cette eSIM installée.',
    topupsLater_other:
      'Les {{count}} recharges ne sont pas ajoutées : elles vont sur les eSIM achetées maintenant ; achetez-les dans Mes cartes SIM une fois ces eSIM installées.',
    failed: 'Impossible d’ajouter {{plans}} au panier.',
  },
  entry: {
    title: 'Forfaits par voyage',
    text: 'Plusieurs pays ou un long séjour ? Les forfaits les moins chers pour chaque jour.',
  },
  confirm: {
    title: 'Est-ce le bon forfait ?',
    confusable: 'Ce forfait est pour {{country}}, pas pour {{others}}.',
    georgia: 'Ce forfait est pour la Géorgie, le pays (Tbilissi), pas l’État américain de Géorgie.',
    home: 'Ce forfait est pour {{country}}, votre propre pays (d’après votre numéro de téléphone). Les forfaits de voyage servent à l’étranger.',
    validity: 'Votre voyage dure {{tripDays}} jours, mais ce forfait dure {{validityDays}} jours.',
    ok: 'Oui, ce forfait',
    cancel: 'Je vérifie',
  },
  website: {
    heroTitle: 'Des données pour chaque voyage',
    heroText:
      'eSIM et cartes SIM pour plus de 30 pays et régions. Indiquez votre voyage : nous trouvons les forfaits les moins chers pour chaque jour.',
    planner: 'Forfaits par voyage',
    destinations: 'Toutes les destinations',
    from: 'dès {{price}}',
  },
  fairUse: '{{data}} par jour à haut débit, puis {{kbps}} kbit/s',
  unitGb: 'Go',
  unitMb: 'Mo',
};
