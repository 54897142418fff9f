import type en from '../en/paylocal';

const paylocal = {
  wallets: {
    apple_pay: 'Apple Pay',
    google_pay: 'Google Pay',
    line_pay: 'LINE Pay',
    jko_pay: 'JKO Pay',
  },
  walletsTitle: 'Pagar con una billetera',
  payWith: 'Pagar con {{wallet}}',
  orCard: 'O pagar con tarjeta',
  walletShort: 'Saldo insuficiente en el monedero',
  starting: 'Abriendo {{way}}…',
  paidWith: 'Pagado {{amount}} con {{way}}',
  orderNo: 'Pedido {{no}}',
  nextEsim:
    'Estamos preparando tu eSIM. Instálala desde Mis tarjetas SIM: en este teléfono con un toque, o escanea su código QR.',
  nextPhysical: 'Estamos preparando tu tarjeta SIM; sigue el envío desde el pedido.',
  nextFailed: 'No se ha cobrado nada. Puedes volver a pagar desde el pedido, con este u otro método.',
  openEsim: 'Abrir mi eSIM',
  copy: 'Copiar',
  copied: 'Copiado',
  copyOf: 'Copiar {{what}}',
  pointsUsed: 'Usa {{points}} puntos (−{{amount}})',
} satisfies typeof en;

export default paylocal;
