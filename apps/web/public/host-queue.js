/* global window */
// Runs before the page's own scripts: a native host may send an event (or an answer) as soon as
// the document exists, before the bridge is listening. Hold it here; the page's bridge takes the
// queue over when it starts (apps/web/src/platform/bridge/bridge.ts, listen). A plain script, not
// a module, so that it runs at once; a file, not inline, for the content security policy.
(function (w) {
  var queue = [];
  w.padhubBridgeQueue = queue;
  if (!w.padhubBridge) w.padhubBridge = { receive: function (message) { queue.push(message); } };
  var android = w.padhub;
  if (android && typeof android.postMessage === 'function' && !android.onmessage) {
    android.onmessage = function (event) { queue.push(event.data); };
  }
})(window);
