// Kitty TD's few scripts, one file so the Content-Security-Policy allows no inline script.
// Each part finds its own elements and does nothing on pages without them; every page
// works without them (the server checks and scores everything).
"use strict";

// --- the tournament form ------------------------------------------------------------------
// The chosen game's options show at once; the others are hidden and not sent.
(function () {
  var game = document.querySelector("select[name=game]");
  if (!game || game.disabled) return;
  var tiebreaks = document.querySelector("[name=tiebreaks]");
  var help = tiebreaks && tiebreaks.closest(".field").querySelector(".help");
  function sync() {
    document.querySelectorAll("fieldset.game-options").forEach(function (set) {
      var chosen = set.dataset.game === game.value;
      set.hidden = !chosen;
      set.querySelectorAll("input, select").forEach(function (input) { input.disabled = !chosen; });
      if (chosen && help) help.textContent = set.dataset.tiebreaksHelp;
    });
  }
  game.addEventListener("change", sync); sync();
})();

// --- the standings: a row opens that entrant's record -------------------------------------
document.querySelectorAll("table.standings tbody tr[data-href]").forEach(function (row) {
  row.addEventListener("click", function (event) {
    if (event.target.closest("a")) return;
    window.location = row.dataset.href;
  });
});

// --- the table page --------------------------------------------------------------------------
// Show the app's score for the hand as typed, before it counts.
document.querySelectorAll("form.hand-form").forEach(function (form) {
  var out = form.querySelector(".preview"), asked = 0;
  function update() {
    var data = new FormData(form), mine = ++asked;
    if (form.dataset.prefix) data.append("prefix", form.dataset.prefix);
    // Answers can arrive out of order: only the newest question's answer is shown.
    fetch(form.dataset.preview, {method: "POST", body: data, credentials: "same-origin"})
      .then(function (r) { return r.json(); })
      .then(function (j) { if (mine === asked) out.textContent = j.ok ? "Scores as: " + j.explanation : ""; })
      .catch(function () { if (mine === asked) out.textContent = ""; });
  }
  form.addEventListener("change", update);
});
// The ruling form offers only the choices of the chosen infraction.
document.querySelectorAll("form.ruling-form").forEach(function (form) {
  var code = form.querySelector("[name=code]"), choice = form.querySelector("[name=choice]");
  function sync(keep) {
    var first = null, kept = null;
    choice.querySelectorAll("option[data-for]").forEach(function (o) {
      o.hidden = o.dataset.for !== code.value;
      if (!o.hidden && !first) first = o;
      if (!o.hidden && o.value === keep) kept = o;
    });
    choice.value = kept ? kept.value : first ? first.value : "";
  }
  code.addEventListener("change", function () { sync(); });
  sync(choice.dataset.chosen);  // a refused ruling comes back with the choice it had
});
// A second tap while the first is on its way would only be refused: disable the button.
document.querySelectorAll("#sheet ~ section form, #sheet form").forEach(function (form) {
  form.addEventListener("submit", function () {
    form.querySelectorAll("button").forEach(function (b) { setTimeout(function () { b.disabled = true; }, 0); });
  });
});
