/** The phone check: where it was bought, carrier lock, EID (issue 27). */
export default {
  title: 'Vérifier mon téléphone',
  model: 'Votre téléphone',
  chooseModel: 'Choisissez votre modèle',
  unlistedOption: 'Mon téléphone n’est pas dans la liste',
  boughtIn: 'Où l’avez-vous acheté ?',
  region: {
    CN: 'Chine continentale',
    HK: 'Hong Kong',
    MO: 'Macao',
    other: 'Ailleurs',
  },
  lock: 'Est-il verrouillé par un opérateur ?',
  lockAnswer: { no: 'Non', yes: 'Oui', unsure: 'Je ne sais pas' },
  eid: 'Votre EID (facultatif)',
  eidPlaceholder: '32 chiffres',
  eidHelp:
    'iPhone : Réglages > Général > Informations > EID ; Android : Paramètres > À propos du téléphone > État de la SIM.',
  ok: 'Le modèle {{model}} accepte une eSIM.',
  noRegion:
    'Le modèle {{model}} vendu dans cette région ({{region}}) a deux emplacements SIM physiques et pas d’eSIM.',
  noUnlisted:
    'Nous ne savons pas si ce téléphone accepte une eSIM : cherchez « Ajouter une eSIM » dans ses réglages, ou prenez une SIM physique.',
  physicalSim: 'Voir les cartes SIM physiques',
  simKeyword: 'Carte SIM de voyage',
  locked:
    'Un téléphone verrouillé n’accepte que les SIM et eSIM de son opérateur : faites-le déverrouiller avant de partir.',
  lockHow:
    'iPhone : Réglages > Général > Informations > Verrouillage opérateur indique « Aucune restriction SIM » s’il est libre. Android : une SIM d’un autre opérateur y fonctionne.',
  eidOk: 'Cet EID est bien formé.',
  eidTypo:
    'Cet EID contient une faute de frappe : ses chiffres de contrôle ne correspondent pas. Copiez-le à nouveau depuis les réglages.',
  eidLength_one: 'Un EID compte 32 chiffres ; celui-ci en a {{count}}.',
  eidLength_other: 'Un EID compte 32 chiffres ; celui-ci en a {{count}}.',
};
