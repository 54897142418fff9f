/* global module */
// autocannon onResponse (worker mode takes a module path): keep the id of the order the create just opened
module.exports = function onCreated(status, body, context) {
  try {
    context.orderId = JSON.parse(body).data.id;
  } catch {
    context.orderId = undefined;
  }
};
