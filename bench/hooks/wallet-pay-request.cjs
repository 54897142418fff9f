/* global module */
// autocannon setupRequest: pay the order the previous create opened, from the wallet
module.exports = function walletPayRequest(req, context) {
  return { ...req, body: JSON.stringify({ orderId: context.orderId ?? 0 }) };
};
