// The page's own script and stylesheet, served from /assets/: the only script the
// Content-Security-Policy runs. The script adds two things to pages that work without it: search as
// you type, and live updates (the server's events, after which the page's content is fetched again
// and swapped in, without a reload).

/** The client script (plain JavaScript for any current browser; no build step). */
export const APP_JS = `'use strict';
(function () {
  var main = document.getElementById('main');
  var live = document.getElementById('live');
  var say = function (text) { if (live && text) live.textContent = text; };
  function partial(url) {
    return fetch(url, { headers: { 'x-skillset-partial': '1' }, credentials: 'same-origin' })
      .then(function (r) {
        if (r.status === 404) say('This page is gone: the library no longer has it.');
        if (!r.ok) throw new Error(String(r.status));
        return r.text();
      });
  }
  // Search as you type, bound to the document: the box and the results are replaced on updates.
  var timer = 0;
  var asked = 0;
  document.addEventListener('input', function (e) {
    if (!e.target || e.target.id !== 'q') return;
    var q = e.target;
    clearTimeout(timer);
    timer = setTimeout(function () {
      var n = ++asked;
      partial('/search?q=' + encodeURIComponent(q.value) + '&results=1').then(function (markup) {
        var results = document.getElementById('results');
        if (n !== asked || !results) return;
        results.innerHTML = markup;
        history.replaceState(null, '', '/search?q=' + encodeURIComponent(q.value));
        var v = results.querySelector('[data-verdict]');
        say(results.querySelectorAll('article.result').length + ' results, ' + (v ? v.getAttribute('data-verdict') : 'none'));
      }).catch(function () {});
    }, 120);
  });
  if (!window.EventSource || !main) return;
  // Live: when the library changes, the page's content is fetched again and swapped in.
  var seq = 0;
  function refresh(data) {
    var n = ++seq;
    // Said at once: a later refresh may take this one's place.
    say(data.message);
    partial(location.pathname + location.search).then(function (markup) {
      if (n !== seq) return;
      var active = document.activeElement;
      var href = active && active.getAttribute && active.getAttribute('href');
      var id = active && active.id;
      var q = document.getElementById('q');
      var value = q ? q.value : '';
      var open = Array.prototype.map.call(main.querySelectorAll('details[open][data-folder]'), function (d) { return d.getAttribute('data-folder'); });
      main.innerHTML = markup;
      open.forEach(function (f) {
        main.querySelectorAll('details[data-folder]').forEach(function (d) { if (d.getAttribute('data-folder') === f) d.open = true; });
      });
      document.body.setAttribute('data-version', String(data.version || ''));
      q = document.getElementById('q');
      if (q && value) q.value = value;
      var again = id ? document.getElementById(id) : href ? main.querySelector('a[href="' + CSS.escape(href) + '"]') : null;
      if (again) again.focus();
    }).catch(function () {});
  }
  var read = function (e) { try { return JSON.parse(e.data); } catch (err) { return {}; } };
  var events = null;
  // One stream per visible page: a hidden tab gives its connection back, and catches up when shown.
  function connect() {
    if (events) return;
    events = new EventSource('/events');
    events.addEventListener('changed', function (e) { refresh(read(e)); });
    events.addEventListener('hello', function (e) {
      var data = read(e);
      if (String(data.version) !== document.body.getAttribute('data-version')) refresh(data);
    });
  }
  function disconnect() { if (events) { events.close(); events = null; } }
  document.addEventListener('visibilitychange', function () { document.hidden ? disconnect() : connect(); });
  window.addEventListener('pagehide', disconnect);
  window.addEventListener('pageshow', function () { if (!document.hidden) connect(); });
  if (!document.hidden) connect();
})();
`;

/** The stylesheet: readable, high contrast, and no colour that carries meaning alone. */
export const APP_CSS = `:root { color-scheme: light; --fg: #1b1b1b; --muted: #4a4a4a; --bg: #fff; --line: #c8c8c8;
  --accent: #0b57d0; --ok: #0f6b2f; --weak: #8a5300; --none: #a01c1c; --full: #2b6cb0; --names: #b7791f; --cut: #9b2c2c; }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.5 system-ui, sans-serif; color: var(--fg); background: var(--bg); }
a { color: var(--accent); }
a:focus-visible, button:focus-visible, input:focus-visible, select:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
.skip { position: absolute; left: -9999px; }
.skip:focus { left: 8px; top: 8px; background: var(--bg); padding: 4px 8px; }
header { border-bottom: 1px solid var(--line); padding: 8px 16px; display: flex; gap: 16px; align-items: center; flex-wrap: wrap; }
header nav { display: flex; gap: 16px; align-items: center; }
header ul { list-style: none; display: flex; gap: 12px; margin: 0; padding: 0; }
header a[aria-current] { font-weight: 700; text-decoration: none; border-bottom: 3px solid var(--accent); }
.brand { font-weight: 700; }
.live { margin: 0; color: var(--muted); font-size: 13px; }
main { padding: 16px; max-width: 1100px; }
h1 { font-size: 22px; margin: 8px 0 12px; }
h2 { font-size: 18px; margin: 20px 0 8px; }
table { border-collapse: collapse; width: 100%; margin: 8px 0; }
th, td { text-align: left; border-bottom: 1px solid var(--line); padding: 4px 8px; vertical-align: top; }
th { font-weight: 600; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
code, pre { font-family: ui-monospace, monospace; font-size: 13px; }
pre { background: #f4f4f4; padding: 8px; white-space: pre-wrap; overflow-wrap: anywhere; }
.verdict { display: inline-block; padding: 0 6px; border: 1px solid currentColor; border-radius: 4px; font-weight: 600; }
.verdict-ok { color: var(--ok); } .verdict-weak { color: var(--weak); } .verdict-none { color: var(--none); }
.sev-error { color: var(--none); font-weight: 600; } .sev-warning { color: var(--weak); font-weight: 600; }
.muted { color: var(--muted); }
.cards { display: flex; gap: 12px; flex-wrap: wrap; margin: 8px 0; }
.card { border: 1px solid var(--line); border-radius: 6px; padding: 8px 12px; min-width: 140px; }
.card b { display: block; font-size: 20px; }
form.inline { display: flex; gap: 8px; align-items: end; flex-wrap: wrap; margin: 8px 0; }
label { display: flex; flex-direction: column; font-size: 13px; color: var(--muted); }
input, select, button { font: inherit; padding: 4px 6px; }
input[type=search] { min-width: 320px; }
.result { border-bottom: 1px solid var(--line); padding: 8px 0; }
.result h3 { margin: 0; font-size: 16px; }
.body { border-top: 1px solid var(--line); margin-top: 12px; }
mark.hidden-char { background: #ffe08a; color: #000; font-size: 11px; }
ul.names { columns: 3 16em; padding-left: 1.2em; }
svg { max-width: 100%; height: auto; }
svg text { fill: var(--fg); font: 12px system-ui, sans-serif; }
.seg-full { fill: var(--full); } .seg-truncated { fill: #7fb3e6; } .seg-names { fill: var(--names); } .seg-cut { fill: var(--cut); }
.sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
`;
