import type en from '../en/paylocal';

const paylocal = {
  wallets: {
    apple_pay: 'Apple Pay',
    google_pay: 'Google Pay',
    line_pay: 'LINE Pay',
    jko_pay: 'JKO Pay',
  },
  walletsTitle: 'Payer avec un portefeuille',
  payWith: 'Payer avec {{wallet}}',
  orCard: 'Ou payer par carte',
  walletShort: 'Solde du porte-monnaie insuffisant',
  starting: 'Ouverture de {{way}}…',
  paidWith: '{{amount}} payés avec {{way}}',
  orderNo: 'Commande {{no}}',
  nextEsim:
    'Votre eSIM est en préparation. Installez-la depuis Mes cartes SIM : sur ce téléphone en un geste, ou en scannant son code QR.',
  nextPhysical: 'Nous préparons votre carte SIM ; suivez sa livraison depuis la commande.',
  nextFailed:
    "Rien n'a été débité. Vous pouvez payer à nouveau depuis la commande, avec ce moyen ou un autre.",
  openEsim: 'Ouvrir mon eSIM',
  copy: 'Copier',
  copied: 'Copié',
  copyOf: 'Copier {{what}}',
  pointsUsed: 'Utilise {{points}} points (−{{amount}})',
} satisfies typeof en;

export default paylocal;
