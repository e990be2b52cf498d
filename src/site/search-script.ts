/**
 * The search page's script, served as `/site/search.<hash>.js`. It only improves the page: the
 * form is a plain GET that the server answers. As the person types, it asks the same API the page
 * is rendered from (GET /api/v1/agent/games/, limit 30) and redraws the results with DOM calls
 * (catalog text is never parsed as HTML). Plain ES2019, no dependencies.
 */
export const searchScript = `(function () {
  "use strict";
  var form = document.querySelector("form[data-search-form]");
  var out = document.querySelector("[data-search-results]");
  if (!form || !out || !window.fetch) return;
  var q = form.querySelector("input[name=q]");
  var system = form.querySelector("select[name=system]");
  var prefix = new URL(form.action, location.href).pathname.replace(/\\/search\\/$/, "");
  var names = {};
  Array.prototype.forEach.call(system.options, function (o) { if (o.value) names[o.value] = o.textContent; });
  var timer = 0, seq = 0;
  function el(tag, cls, text) { var e = document.createElement(tag); if (cls) e.className = cls; if (text !== undefined) e.textContent = text; return e; }
  function show(nodes) { while (out.firstChild) out.removeChild(out.firstChild); nodes.forEach(function (n) { out.appendChild(n); }); }
  function notice(text) { var d = el("div", "notice"); d.setAttribute("role", "alert"); d.appendChild(el("p", "", text)); show([d]); }
  function render(body) {
    var hits = body.results || [];
    var summary = body.total === 0 ? "No games found." : body.total + " game" + (body.total === 1 ? "" : "s") + " found" + (body.total > hits.length ? ", the best " + hits.length + " shown" : "") + ".";
    var list = el("ol", "plain");
    hits.forEach(function (h) {
      var li = el("li", "hit"), a = el("a", "", h.title);
      a.href = prefix + "/games/" + h.id + "/";
      var meta = " — " + (names[h.system] || h.system) + (h.releaseYear ? ", " + h.releaseYear : "") + (h.regions && h.regions.length ? " · " + h.regions.slice(0, 3).join(", ") : "") + " · " + h.releaseCount + " release" + (h.releaseCount === 1 ? "" : "s");
      li.appendChild(a); li.appendChild(document.createTextNode(" ")); li.appendChild(el("span", "muted", meta));
      list.appendChild(li);
    });
    show(hits.length ? [el("p", "", summary), list] : [el("p", "", summary)]);
  }
  function run() {
    var text = q.value.trim();
    var params = new URLSearchParams();
    if (text) params.set("q", text);
    if (system.value) params.set("system", system.value);
    history.replaceState(null, "", prefix + "/search/" + (params.toString() ? "?" + params.toString() : ""));
    if (!text) { show([el("p", "muted", "Type a title or part of one.")]); return; }
    if (text.length > 120 || /[\\u0000-\\u001f\\u007f]/.test(text)) { notice("A query is at most 120 characters of ordinary text."); return; }
    params.set("limit", "30");
    var mine = ++seq;
    fetch(prefix + "/api/v1/agent/games/?" + params.toString(), { headers: { accept: "application/json" } })
      .then(function (r) { return r.json().then(function (b) { return { ok: r.ok, body: b }; }); })
      .then(function (r) { if (mine !== seq) return; if (r.ok) render(r.body); else notice(r.body.detail || "This search cannot be run."); })
      .catch(function () { if (mine === seq) notice("The search could not be reached; press Search to try again."); });
  }
  function later() { clearTimeout(timer); timer = setTimeout(run, 250); }
  q.addEventListener("input", later);
  system.addEventListener("change", run);
})();
`;
