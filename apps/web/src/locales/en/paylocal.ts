/** Paying like a local (issue 27): wallets through TapPay, the one-tap pay step, result pages. */
const paylocal = {
  wallets: {
    apple_pay: 'Apple Pay',
    google_pay: 'Google Pay',
    line_pay: 'LINE Pay',
    jko_pay: 'JKO Pay',
  },
  walletsTitle: 'Pay with a wallet',
  payWith: 'Pay with {{wallet}}',
  orCard: 'Or pay by card',
  walletShort: 'Not enough in the wallet',
  starting: 'Opening {{way}}…',
  paidWith: 'Paid {{amount}} with {{way}}',
  orderNo: 'Order {{no}}',
  nextEsim:
    'Your eSIM is being prepared. Install it from My SIM cards: on this phone with one tap, or scan its QR code.',
  nextPhysical: 'We are packing your SIM card; follow its delivery from the order.',
  nextFailed: 'Nothing was charged. You can pay again from the order, with this or another method.',
  openEsim: 'Open my eSIM',
  copy: 'Copy',
  copied: 'Copied',
  copyOf: 'Copy {{what}}',
  pointsUsed: 'Uses {{points}} points (−{{amount}})',
};

export default paylocal;
