/* global window, document */
// A landing page that came drawn from the server (docs/first-screen.md, "Server-rendered first
// screen") starts its code once that drawing is on screen: on a slow network the code would
// otherwise share the link with the stylesheets and the lead picture, and hold the first paint up.
// Meanwhile it holds the taps on the drawn buttons, for the code to answer once it has run.
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
  // A tap before the page's code has brought its button to life: a drawn link is a real link and
  // goes where it says on its own; a tap on a drawn button, switch or chip is held here (nothing
  // would answer it yet) and given again once React has taken that button over. React marks each
  // element it took over with its props (`__reactProps$…`); a part drawn afresh instead has new
  // buttons, and a held tap on one that left the page is dropped.
  var held = [];
  w.padhubTaps = { held: held };
  function control(target) {
    return target && target.closest ? target.closest('#root button, #root input[type=checkbox], #root input[type=radio], #root [role=button]') : null;
  }
  function alive(element) {
    return Object.keys(element).some(function (key) { return key.indexOf('__reactProps$') === 0; });
  }
  var watching = null;
  function replayWhenAlive() {
    if (watching) return;
    var since = Date.now();
    watching = setInterval(function () {
      for (var i = held.length - 1; i >= 0; i--) {
        var element = held[i];
        if (!element.isConnected) held.splice(i, 1);
        else if (alive(element)) {
          held.splice(i, 1);
          element.click();
        }
      }
      if (!held.length || Date.now() - since > 15000) {
        held.length = 0;
        clearInterval(watching);
        watching = null;
      }
    }, 50);
  }
  d.addEventListener('click', function (event) {
    var element = control(event.target);
    if (!element || !event.isTrusted || alive(element)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (held.indexOf(element) < 0) held.push(element);
    replayWhenAlive();
  }, true);

  // A hidden tab paints nothing and runs no animation frames: start at once there.
  if (d.visibilityState === 'hidden') start();
  else afterPaint(function () { afterLead(function () { afterPaint(start); }); });
})(document, window);
