/* global window, document */
// A landing page that came drawn from the server (docs/first-screen.md, "Server-rendered first
// screen") starts its code once that drawing is on screen: on a slow network the code would
// otherwise share the link with the stylesheets and the lead picture, and hold the first paint up.
// The server puts this script in place of the entry's <script type="module"> and the
// modulepreload links (data-entry, data-preload); a file, not inline, for the content security policy.
(function (d, w) {
  var me = d.currentScript;
  var started = false;
  function start() {
    if (started) return;
    started = true;
    (me.getAttribute('data-preload') || '').split(' ').forEach(function (href) {
      if (!href) return;
      var link = d.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      d.head.appendChild(link);
    });
    import(me.getAttribute('data-entry'));
  }
  // Once a frame has been painted: the second animation frame comes after the first one's paint.
  function afterPaint(then) {
    w.requestAnimationFrame(function () { w.requestAnimationFrame(function () { setTimeout(then, 0); }); });
  }
  // The lead picture (the page's largest paint, preloaded by the HTML) has the link to itself until
  // it is there, or failed, or for 3 s at most.
  function afterLead(then) {
    var lead = d.querySelector('#root img[fetchpriority="high"]');
    var done = false;
    function go() {
      if (done) return;
      done = true;
      then();
    }
    if (!lead || lead.complete) return go();
    lead.addEventListener('load', go);
    lead.addEventListener('error', go);
    setTimeout(go, 3000);
  }
  // A hidden tab paints nothing and runs no animation frames: start at once there.
  if (d.visibilityState === 'hidden') start();
  else afterPaint(function () { afterLead(function () { afterPaint(start); }); });
})(document, window);
