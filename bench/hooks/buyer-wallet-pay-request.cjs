/* global module */
// autocannon setupRequest: the connection's buyer pays the order its previous create opened, from the wallet
module.exports = function buyerWalletPayRequest(req, context) {
  return {
    ...req,
    headers: { ...req.headers, authorization: context.token },
    body: JSON.stringify({ orderId: context.orderId ?? 0 }),
  };
};
