// Progressive enhancement only: every page works without this file.
document.documentElement.classList.add("js");
document.addEventListener("click", function (e) {
  var button = e.target.closest("button[data-copy]");
  if (!button) return;
  var field = document.getElementById(button.getAttribute("data-copy"));
  if (!field) return;
  field.select();
  var done = function () { button.textContent = "✓"; };
  if (navigator.clipboard) navigator.clipboard.writeText(field.value).then(done, function () {});
  else if (document.execCommand("copy")) done();
});
document.addEventListener("change", function (e) {
  if (e.target.matches("select.js-autosubmit")) e.target.form.submit();
});
// After Run (or a played action) the verdict scrolls into view, also on a phone; a new card form takes
// the focus. The builder names the spot in data-go; /simulate's verdict is marked the same way.
function judgeGo(root) {
  var holder = root.querySelector ? (root.matches && root.matches("[data-go]") ? root : root.querySelector("[data-go]")) : null;
  var go = holder && holder.getAttribute("data-go");
  var focus = root.querySelector && root.querySelector("[autofocus]");
  if (focus) focus.focus({preventScroll: !!go});
  if (go) {
    var target = document.getElementById(go);
    if (target) setTimeout(function () { target.scrollIntoView({block: "start"}); }, 0);
  }
}
document.addEventListener("htmx:afterSettle", function (e) { judgeGo(e.detail.elt || document); });
document.addEventListener("DOMContentLoaded", function () {
  var verdict = document.querySelector("[data-scroll-to]");
  if (verdict) verdict.scrollIntoView({block: "start"});
});
// Cross-reference previews: the link's title (the target's number and first words) as a small card on
// hover or keyboard focus; without this file the browser shows the same title as a plain tooltip.
(function () {
  var card = null;
  function hide() { if (card) { card.remove(); card = null; } }
  function show(link) {
    hide();
    var text = link.getAttribute("data-preview") || link.getAttribute("title");
    if (!text) return;
    link.setAttribute("data-preview", text);
    link.removeAttribute("title");
    card = document.createElement("div");
    card.className = "xref-preview";
    card.setAttribute("role", "tooltip");
    card.textContent = text;
    document.body.appendChild(card);
    var r = link.getBoundingClientRect();
    var left = Math.max(8, Math.min(r.left + window.scrollX, window.scrollX + document.documentElement.clientWidth - card.offsetWidth - 8));
    card.style.left = left + "px";
    card.style.top = (r.bottom + window.scrollY + 6) + "px";
  }
  ["mouseover", "focusin"].forEach(function (type) {
    document.addEventListener(type, function (e) {
      var link = e.target.closest && e.target.closest("a.xref");
      if (link) show(link);
    });
  });
  ["mouseout", "focusout"].forEach(function (type) {
    document.addEventListener(type, function (e) {
      if (e.target.closest && e.target.closest("a.xref")) hide();
    });
  });
})();
