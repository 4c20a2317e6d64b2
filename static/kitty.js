// Kitty TD's few scripts, one file so the Content-Security-Policy allows no inline script.
// Each part finds its own elements and does nothing on pages without them; every page
// works without them (the server checks and scores everything).
"use strict";

// --- the tournament form ------------------------------------------------------------------
// The chosen game's options show at once; the others are hidden and not sent.
(function () {
  var game = document.querySelector("select[name=game]");
  if (!game || game.disabled) return;
  function sync() {
    document.querySelectorAll("fieldset.game-options").forEach(function (set) {
      var chosen = set.dataset.game === game.value;
      set.hidden = !chosen;
      set.querySelectorAll("input, select").forEach(function (input) { input.disabled = !chosen; });
    });
  }
  game.addEventListener("change", sync); sync();
})();

// Each page part binds to the elements under `root`: the page at first, then each part
// that htmx swaps in on a live page.
function bind(root) {
  // --- the standings: a row opens that entrant's record -----------------------------------
  root.querySelectorAll("table.standings tbody tr[data-href]").forEach(function (row) {
    row.addEventListener("click", function (event) {
      if (event.target.closest("a")) return;
      window.location = row.dataset.href;
    });
  });

  // --- the table page ------------------------------------------------------------------------
  // Show the app's score for the hand as typed, before it counts: asked again at each
  // keystroke once the typing pauses, and at once when a button is tapped or a box left.
  root.querySelectorAll("form.hand-form").forEach(function (form) {
    var out = form.querySelector(".preview"), asked = 0, sent = null, answered = false;
    var timer = null, running = null;
    if (!out || !form.dataset.preview) return;
    // The page's own button, for a phone without this script, is not needed here.
    form.querySelectorAll("button[name=show]").forEach(function (b) { b.remove(); });
    function settle(text) { out.textContent = text; out.classList.remove("stale"); answered = true; }
    function typedNow() {
      var data = new FormData(form);
      if (form.dataset.prefix) data.append("prefix", form.dataset.prefix);
      return data;
    }
    function asking() { return new URLSearchParams(typedNow()).toString(); }
    function update() {
      clearTimeout(timer);
      var data = typedNow();
      var question = new URLSearchParams(data).toString();
      if (question === sent) {  // asked already: its answer is shown, or on its way
        if (answered) out.classList.remove("stale");
        return;
      }
      var mine = ++asked;
      sent = question;
      answered = false;
      if (running) running.abort();  // a question superseded is not worth its answer
      running = window.AbortController ? new AbortController() : null;
      // Answers can arrive out of order: only the newest question's answer is shown.
      fetch(form.dataset.preview, {method: "POST", body: data, credentials: "same-origin",
                                   signal: running ? running.signal : undefined})
        .then(function (r) { return r.json(); })
        .then(function (j) {
          if (mine !== asked) return;
          settle(j.ok ? "Scores as: " + j.explanation : "");
          // Typed on meanwhile (the next question not asked yet): grey until it is.
          if (question !== asking()) out.classList.add("stale");
        })
        .catch(function () { if (mine === asked) { sent = null; settle(""); } });
    }
    form.addEventListener("input", function () {
      out.classList.add("stale");  // the score shown is the one before this keystroke
      clearTimeout(timer);
      timer = setTimeout(update, 200);
    });
    form.addEventListener("change", update);
    form.addEventListener("reset", function () { clearTimeout(timer); sent = null; asked++; settle(""); });
  });
  // The ruling form offers only the choices of the chosen infraction.
  root.querySelectorAll("form.ruling-form").forEach(function (form) {
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
  root.querySelectorAll("#live form").forEach(function (form) {
    form.addEventListener("submit", function () {
      form.querySelectorAll("button").forEach(function (b) { setTimeout(function () { b.disabled = true; }, 0); });
    });
  });
}
if (window.htmx) htmx.onLoad(bind); else bind(document);

// The sticky bar's height, which kitty.css keeps clear when the browser scrolls a control into
// view; a bar that is not sticky (a wide screen) needs no room.
(function () {
  var sizes = window.ResizeObserver && new ResizeObserver(fit), watched = null;
  function fit() {
    var bar = document.querySelector(".hand-form > .enter-bar");
    var sticky = bar && getComputedStyle(bar).position === "sticky";
    document.documentElement.style.setProperty("--enter-bar", (sticky ? bar.offsetHeight : 0) + "px");
    if (sizes && bar && bar !== watched) {  // the score typed may wrap it to another line
      sizes.disconnect();
      sizes.observe(bar);
      watched = bar;
    }
  }
  if (window.htmx) htmx.onLoad(fit); else fit();
  window.addEventListener("resize", fit);
})();

// --- the notices at the foot of the screen ------------------------------------------------------
// Stacked in one box, never over each other; the page's sticky bar (the hand's score and its
// Enter button) sits above them, and the page ends with room for them (kitty.css reads
// their height from --notices), so no notice covers a control.
var notices = (function () {
  var box = document.createElement("div"), room = document.createElement("div");
  box.className = "net-notices";
  room.className = "notices-room";
  room.setAttribute("aria-hidden", "true");
  document.body.appendChild(room);
  document.body.appendChild(box);
  function fit() {
    var shown = Array.prototype.some.call(box.children, function (n) { return !n.hidden; });
    document.documentElement.style.setProperty("--notices", (shown ? box.offsetHeight + 8 : 0) + "px");
  }
  function add(className) {
    var notice = document.createElement("div");
    notice.className = className;
    notice.setAttribute("role", "status");
    notice.hidden = true;
    box.appendChild(notice);
    return notice;
  }
  if (window.ResizeObserver) new ResizeObserver(fit).observe(box);
  window.addEventListener("resize", fit);
  return { add: add, fit: fit };
})();

// --- live pages (htmx polls #live) ------------------------------------------------------------
// Nothing a user is typing is swapped away: a form typed in, a box in use or a section
// opened by hand keeps the page as it is, and a line says the table has changed.
(function () {
  var notice = notices.add("net-status");
  function say(text, withButton) {
    notice.textContent = text;
    if (withButton) {
      var show = document.createElement("button");
      show.textContent = "Show it now";
      // To the page's own address: a page drawn after a refused form sits at the form's
      // address, which a reload would post to again.
      show.addEventListener("click", function () {
        var live = document.getElementById("live");
        var page = live && live.getAttribute("hx-get");
        if (page) window.location.assign(page.split("?")[0]); else window.location.reload();
      });
      notice.appendChild(document.createTextNode(" "));
      notice.appendChild(show);
    }
    notice.hidden = !text;
    notices.fit();
  }
  function mark(event) {
    var holder = event.target.closest && event.target.closest("form, details");
    if (holder) holder.dataset.touched = "1";
  }
  document.addEventListener("input", mark);
  document.addEventListener("change", mark);
  document.addEventListener("toggle", mark, true);
  function busy(live) {
    if (live.dataset.held) return true;  // a refused form, or a ruling to confirm
    var active = document.activeElement;
    return live.querySelector("form[data-touched], details[data-touched][open]") ||
      (active && live.contains(active) && active.matches("input, textarea, select"));
  }
  // A table page's poll says which clock the page shows (the start it counts from, or ""):
  // when only the clock changed, the answer is the clock alone, swapped in for #round-clock
  // (plumbing/live.py), which no form is in: it is swapped in while a user types too.
  document.addEventListener("htmx:configRequest", function (event) {
    var clock = document.getElementById("round-clock");
    if (clock && event.detail.elt.id === "live") event.detail.parameters.clock = clock.dataset.clock || "";
  });
  // A page out of sight (the phone locked, another app or tab in front) does not poll: the
  // answer would be drawn for no one, and at a night's size the server answers fewer
  // polls. Seen again, it asks at once (#live's trigger "visibilitychange from:document"),
  // so an unlocked phone shows the table as it is now, not a poll's interval later.
  document.addEventListener("htmx:beforeRequest", function (event) {
    if (document.hidden && event.detail.elt.id === "live") event.preventDefault();
  });
  document.addEventListener("htmx:beforeSwap", function (event) {
    var live = event.detail.target;
    if (!live || live.id !== "live") return;
    if (busy(live)) {
      event.detail.shouldSwap = false;
      say("The page has changed since you started typing: it updates once you have sent it.", true);
    } else {
      say("");
    }
  });
  if (!navigator.onLine) say("Offline: this page updates again when the network is back.");
  document.addEventListener("htmx:sendError", function () {
    say("Offline: this page updates again when the network is back.");
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    if (event.detail.successful && notice.textContent.indexOf("Offline") === 0) say("");
  });
  window.addEventListener("offline", function () { say("Offline: this page updates again when the network is back."); });
})();

// --- the round's clock: the time left, counted down each second --------------------------
// A <time data-ends> says the time left as the server counted it when it drew the page
// (data-left, in seconds): counted down here by the phone's own clock since then, so a
// phone whose clock is set wrong still counts right; data-ends when the figure is missing.
// The words are the server's (tournament/news.py left_words), "Time is up" at zero.
(function () {
  function words(seconds) {
    if (seconds <= 0) return "Time is up";
    if (seconds < 60) return Math.ceil(seconds) + " s left";
    var minutes = Math.ceil(seconds / 60), hours = Math.floor(minutes / 60);
    minutes -= hours * 60;
    if (!hours) return minutes + " min left";
    return hours + " h " + (minutes ? minutes + " min left" : "left");
  }
  function tick() {
    document.querySelectorAll("time[data-ends]").forEach(function (clock) {
      if (!clock.dataset.deadline) {
        var left = parseFloat(clock.dataset.left);
        var deadline = isNaN(left) ? Date.parse(clock.dataset.ends) : Date.now() + left * 1000;
        if (isNaN(deadline)) return;
        clock.dataset.deadline = String(deadline);
      }
      var text = words((Number(clock.dataset.deadline) - Date.now()) / 1000);
      if (clock.textContent !== text) clock.textContent = text;
    });
  }
  if (document.querySelector("time[data-ends]") || window.htmx) {
    tick();
    setInterval(tick, 1000);
  }
})();

// --- a player's own link: a new table buzzes ----------------------------------------------------
// The page names what it shows (#live's data-alert: round and table); when a poll brings a new
// one (a round published, the table moved), the phone vibrates and beeps once, where it allows
// it (a sound needs a tap on the page first; iPhones do not vibrate for a web page).
(function () {
  var key = "kitty-alert:" + location.pathname;
  function shown() { var live = document.getElementById("live"); return live ? live.dataset.alert || "" : ""; }
  var unlocked = null;
  document.addEventListener("pointerdown", function () {
    var Audio = window.AudioContext || window.webkitAudioContext;
    if (!unlocked && Audio) { try { unlocked = new Audio(); } catch (e) { unlocked = null; } }
  }, { once: true });
  function beep() {
    if (!unlocked) return;
    try {
      var tone = unlocked.createOscillator(), gain = unlocked.createGain();
      tone.frequency.value = 880; gain.gain.value = 0.2;
      tone.connect(gain); gain.connect(unlocked.destination);
      tone.start(); tone.stop(unlocked.currentTime + 0.3);
    } catch (e) { /* no sound: the page itself still shows the table */ }
  }
  try { sessionStorage.setItem(key, shown()); } catch (e) { /* private mode: no memory */ }
  document.addEventListener("htmx:afterSwap", function () {
    var now = shown(), before = null;
    try { before = sessionStorage.getItem(key); sessionStorage.setItem(key, now); } catch (e) { /* none */ }
    if (!now || now === before) return;
    if (navigator.vibrate) navigator.vibrate([300, 150, 300]);
    beep();
    document.documentElement.dataset.alerted = now;  // what the browser tests read
  });
})();

// --- what a phone sends from a table while the network is down ---------------------------------
// Every action on a side's or a player's own page (a hand, an accept, a dispute, a
// correction, a signature, a call, a check-in, an ask to leave) that cannot be sent is kept
// on the phone with its one-time key, said on the page, and sent in order when the network
// is back; one that reached the server before its answer was lost is not done twice (the
// same key: a hand's nonce, any other action's key, tables/actions.py). One the server
// refuses ends there, saying why, and what waits behind it goes on. A hand typed while
// others wait takes the next number at once; what is being typed is never swept away.
(function () {
  var home = (location.pathname.match(/^\/[sp]\/[^/]+\//) || [""])[0];
  if (!home) return;
  var key = "kitty-queue:" + home, draftKey = "kitty-draft:" + home;
  var banner = notices.add("net-status queue"), refusal = notices.add("net-status refused");
  var sending = false;

  function capital(text) { return text.charAt(0).toUpperCase() + text.slice(1); }
  function load() {
    try { return JSON.parse(localStorage.getItem(key)) || []; } catch (e) { return []; }
  }
  function save(queue, note) {
    try {
      if (queue.length) localStorage.setItem(key, JSON.stringify(queue)); else localStorage.removeItem(key);
    } catch (e) { /* no room: the queue shown is still the one kept in memory */ }
    var hands = queue.every(function (item) { return item.hand; });
    var text = !queue.length ? "" : (queue.length === 1 ? "1" : queue.length) +
      (hands ? (queue.length === 1 ? " hand" : " hands") : "") + " waiting to send: " +
      queue.map(function (item) { return item.label; }).join(", ") + ".";
    if (note) text = text ? text + " " + note : note;
    banner.textContent = text;
    banner.hidden = !text;
    banner.classList.toggle("done", !queue.length);
    notices.fit();
  }
  // An action refused for good: said until the player closes it, across page loads; the
  // page with the refused form as typed, the server's messages by its fields, is a tap away.
  var refusedKey = "kitty-refused:" + home;
  function refused(item, html) {
    var found = new DOMParser().parseFromString(html, "text/html");
    // The messages by the fields say what was wrong; the box at the top, what happened.
    var byField = Array.prototype.map.call(found.querySelectorAll("#live .error"), function (e) {
      return e.textContent.replace(/\s+/g, " ").trim();
    }).filter(function (text) { return text; });
    var box = found.querySelector("#live .error-box") || found.querySelector(".error-box");
    var why = byField.length ? byField.join(" ") :
      box ? box.textContent.replace(/\s+/g, " ").trim() : "check the sheet.";
    var text = capital(item.label) + " was not stored: " + why;
    if (item.typed) text += " It was: " + item.typed + ".";
    var said = { text: text, html: html };
    try { sessionStorage.setItem(refusedKey, JSON.stringify(said)); } catch (e) { said.html = ""; }
    sayRefused(said);
  }
  function sayRefused(said) {
    refusal.textContent = said.text + " ";
    function closed() {
      refusal.hidden = true;
      try { sessionStorage.removeItem(refusedKey); } catch (e) { /* none */ }
      notices.fit();
    }
    if (said.html) {
      var show = document.createElement("button");
      show.textContent = "Show it";
      show.addEventListener("click", function () { closed(); showPage(said.html); });
      refusal.appendChild(show);
    }
    var close = document.createElement("button");
    close.textContent = "Close";
    close.addEventListener("click", closed);
    refusal.appendChild(close);
    refusal.hidden = false;
    notices.fit();
  }
  try {
    var kept = JSON.parse(sessionStorage.getItem(refusedKey));
    if (kept) sayRefused(kept);
  } catch (e) { /* none */ }
  // The server's page for a refused form, drawn in place of the live part (every side's
  // and player's page has one): the form as typed and the messages by their fields, as a
  // page sent without this script shows them.
  function showPage(html) {
    htmx.swap("#live", html, { swapStyle: "outerHTML" }, { select: "#live" });
    var first = document.querySelector("#live .error, #live .error-box");
    if (first) first.scrollIntoView({ block: "center" });
  }
  // The table as it is now: the page drawn again, with the server's word on what was
  // stored; while a form is being typed in, the live part instead, which keeps the page
  // as it is and offers the new one (above), and the line here says what was sent.
  function refresh(item, sent) {
    var active = document.activeElement;
    var typing = document.querySelector("form[data-touched]") ||
      (active && active.closest && active.closest("form") && active.matches("input, textarea, select"));
    var live = document.getElementById("live");
    if (!typing) {
      location.assign(item.page);
      return;
    }
    if (sent) save(load(), sent);
    htmx.ajax("GET", item.page, { source: live, target: live, select: "#live", swap: "outerHTML" });
  }

  // A stored action is answered with a redirect to the page, not followed here.
  // A server that does not answer within 20 s is treated as a network that dropped.
  function post(item) {
    var controller = window.AbortController ? new AbortController() : null;
    var timer = controller && setTimeout(function () { controller.abort(); }, 20000);
    return fetch(item.action, {
      method: "POST", body: new URLSearchParams(item.fields), credentials: "same-origin",
      redirect: "manual", signal: controller ? controller.signal : undefined
    }).finally(function () { clearTimeout(timer); });
  }
  function stored(response) { return response.type === "opaqueredirect"; }
  // The server erred (500, a proxy's 502/503/504, busy): it said nothing about the action,
  // so it stays and is sent again, with the same key, after a pause that grows to a minute.
  function erred(response) {
    return response.status >= 500 || response.status === 408 || response.status === 429;
  }
  // Not refused for good: a hand whose turn has not come (the one before it waits to be
  // accepted) is answered 409 with Retry-After, kept and sent again (scoring/entry.py).
  function notYet(response) { return response.status === 409 && response.headers.has("Retry-After"); }
  var failures = 0, retryAt = 0;
  function later() {
    failures += 1;
    var pause = Math.min(60000, 1000 * Math.pow(2, failures));
    retryAt = Date.now() + pause;
    setTimeout(flush, pause + 50);
  }
  function keyOf(item) {
    var pair = item.fields.filter(function (field) { return field[0] === "nonce" || field[0] === "key"; })[0];
    return pair ? pair[1] : "";
  }
  function drop(item) {  // by its key, never by place: the queue may have grown meanwhile
    var queue = load().filter(function (other) { return keyOf(other) !== keyOf(item); });
    save(queue);
    return queue;
  }
  function flush() {
    if (sending || Date.now() < retryAt) return;
    var queue = load();
    if (!queue.length) return;
    var item = queue[0], again = false;
    sending = true;
    post(item).then(function (response) {
      if (stored(response)) {
        failures = 0;
        if (drop(item).length) again = true; else refresh(item, capital(item.label) + " sent.");
        return null;
      }
      if (notYet(response)) {
        save(load(), capital(item.label) + " waits until the hand before it is accepted.");
        return null;
      }
      if (erred(response)) {
        save(load());
        later();
        return null;
      }
      // Refused for good (the sheet changed meanwhile, the form is wrong): said, and the
      // actions behind it go on.
      return response.text().then(function (html) {
        again = drop(item).length > 0;
        refused(item, html);
        if (!again) refresh(item, "");
      });
    }).catch(function () {
      save(load());  // still offline
    }).finally(function () {
      sending = false;
      if (again) flush();  // the next one, only once this one is done
    });
  }

  // --- a hand typed on the phone is kept while it is typed (the page may be drawn again) ---
  function isHand(form) { return form.matches("form[action$='/enter/']"); }
  function keepDraft(form) {
    var slot = form.querySelector("[name=slot]");
    var fields = Array.from(new FormData(form).entries()).filter(function (field) {
      return field[0] !== "csrfmiddlewaretoken" && field[0] !== "nonce" && field[0] !== "slot";
    });
    try { sessionStorage.setItem(draftKey, JSON.stringify({ slot: slot.value, fields: fields })); } catch (e) { /* none */ }
  }
  function clearDraft() { try { sessionStorage.removeItem(draftKey); } catch (e) { /* none */ } }
  function restoreDraft(root) {
    var draft = null;
    try { draft = JSON.parse(sessionStorage.getItem(draftKey)); } catch (e) { draft = null; }
    if (!draft) return;
    root.querySelectorAll("form.hand-form[action$='/enter/']").forEach(function (form) {
      var slot = form.querySelector("[name=slot]");
      if (!slot || slot.value !== draft.slot || form.dataset.touched || form.querySelector(".error")) return;
      draft.fields.forEach(function (field) {
        form.querySelectorAll("[name='" + field[0] + "']").forEach(function (input) {
          if (input.type === "radio" || input.type === "checkbox") {
            if (input.value === field[1]) input.checked = true;
          } else {
            input.value = field[1];
          }
        });
      });
      form.dataset.touched = "1";
      form.dispatchEvent(new Event("change"));  // the score line as typed
    });
  }
  document.addEventListener("input", function (event) {
    var form = event.target.closest && event.target.closest("form.hand-form");
    if (form && isHand(form)) keepDraft(form);
  });
  document.addEventListener("change", function (event) {
    var form = event.target.closest && event.target.closest("form.hand-form");
    if (form && isHand(form)) keepDraft(form);
  });
  document.addEventListener("reset", function (event) { if (isHand(event.target)) clearDraft(); });
  if (window.htmx) htmx.onLoad(restoreDraft); else restoreDraft(document);

  // --- the page takes the next hand at once: its number, its dealer, a new key -------------
  function nextHand(form) {
    var slot = form.querySelector("[name=slot]"), nonce = form.querySelector("[name=nonce]");
    var number = parseInt(slot.value, 10) + 1;
    var last = parseInt(form.dataset.last, 10), step = document.querySelector(".next-step");
    if (number > last) {  // the round's hands are all entered: none to offer after them
      var done = form.closest("section") || form;
      form.reset();
      delete form.dataset.touched;
      done.hidden = true;
      if (step) step.textContent = "Every hand of the round is entered: they are sent when the network is back.";
      return;
    }
    slot.value = number + ":1";
    nonce.value = newKey();
    form.reset();
    delete form.dataset.touched;
    setTimeout(function () {  // after the tap's own disabling (bind, above)
      form.querySelectorAll("button").forEach(function (b) { b.disabled = false; });
    }, 0);
    var preview = form.querySelector(".preview");
    if (preview) { preview.textContent = ""; preview.classList.remove("stale"); }
    var section = form.closest("section");
    var heading = section && section.querySelector("h2");
    if (heading) heading.textContent = "Hand " + number;
    var dealer = section && section.querySelector(".dealer[data-dealers]");
    if (dealer) {
      var dealers = {};
      try { dealers = JSON.parse(dealer.dataset.dealers || "{}"); } catch (e) { dealers = {}; }
      dealer.textContent = dealers[number] || "as the table deals";
    }
    if (step) step.textContent = "Enter hand " + number + " when it has been played.";
    var button = form.querySelector("button.primary");
    if (button) button.textContent = "Enter hand " + number;
  }
  function newKey() {
    return (window.crypto && crypto.randomUUID) ? crypto.randomUUID().replace(/-/g, "") :
      String(Date.now()) + Math.random().toString(16).slice(2);
  }
  // An action other than a hand, kept: its box closes, and its button says it waits.
  // The rest of its part of the page takes no contrary tap meanwhile (an accept after a
  // dispute kept), and the line at the top says it waits.
  function keptOnPhone(form, label) {
    var part = form.closest("section") || form;
    setTimeout(function () {  // after the tap's own disabling (bind, above)
      part.querySelectorAll("button").forEach(function (b) { b.disabled = true; });
    }, 0);
    delete form.dataset.touched;  // sent, as far as the player is concerned
    var box = form.closest("details");
    if (box) { box.open = false; delete box.dataset.touched; }
    var step = document.querySelector(".next-step");
    if (step) step.textContent = capital(label) + " waits to be sent: it goes when the network is back.";
  }
  // What a hand's form says, in the words on it ("Bid: 5; Books taken: 12"), kept with the
  // hand: a hand the sheet no longer wants is said with what was typed, not lost.
  function described(form) {
    var said = [];
    form.querySelectorAll(".field").forEach(function (field) {
      var question = field.querySelector("legend, label");
      var answers = [];
      field.querySelectorAll("input, select").forEach(function (input) {
        if (input.type === "hidden" || input.disabled) return;
        if (input.type === "radio" || input.type === "checkbox") {
          if (!input.checked) return;
          var label = input.closest("label");
          answers.push(input.type === "checkbox" ? "yes" : (label ? label.textContent : input.value));
        } else if (input.value) {
          answers.push(input.tagName === "SELECT" && input.selectedOptions.length ?
            input.selectedOptions[0].textContent : input.value);
        }
      });
      if (question && answers.length) {
        said.push(question.textContent.replace(/\*/g, "").replace(/\s+/g, " ").trim() + ": " +
          answers.join(", ").replace(/\s+/g, " ").trim());
      }
    });
    return said.join("; ");
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (form.dataset.native || (form.method || "").toLowerCase() !== "post") return;
    var action = new URL(form.action, location.href);
    if (action.origin !== location.origin || action.pathname.indexOf(home) !== 0) return;
    if (/\/preview\/$/.test(action.pathname)) return;
    var submitter = event.submitter;
    if (submitter && submitter.formAction && /\/preview\/$/.test(submitter.formAction)) return;
    event.preventDefault();
    var fields = Array.from(new FormData(form).entries());
    if (submitter && submitter.name) fields.push([submitter.name, submitter.value]);
    var hand = isHand(form), slot = form.querySelector("[name=slot]");
    if (!hand && !form.querySelector("[name=nonce]")) fields.push(["key", newKey()]);
    var live = document.getElementById("live");
    var label = hand ? "hand " + parseInt(slot.value, 10) :
      "“" + ((submitter && submitter.textContent) || "your form").replace(/\s+/g, " ").trim() + "”";
    var item = {
      action: action.href, fields: fields, label: label, hand: hand,
      typed: hand ? described(form) : "",
      page: (live && live.getAttribute("hx-get") || home).split("?")[0]
    };
    function keep() {
      var queue = load();
      queue.push(item);
      save(queue);
      if (hand) { clearDraft(); nextHand(form); } else keptOnPhone(form, label);
    }
    if (load().length) {  // keep the order: after what is already waiting
      keep();
      flush();
      return;
    }
    post(item).then(function (response) {
      if (stored(response)) { if (hand) clearDraft(); location.assign(item.page); return; }
      if (erred(response) || notYet(response)) {  // kept, as if the network had dropped
        keep();
        if (erred(response)) later();
        return;
      }
      // Refused: the page shows the server's message by the field (sent once, not again).
      form.querySelectorAll("button").forEach(function (b) { b.disabled = false; });
      response.text().then(showPage);
    }).catch(function () { keep(); });
  });
  window.addEventListener("online", flush);
  document.addEventListener("htmx:afterSwap", flush);
  setInterval(flush, 10000);
  save(load());
  flush();
})();

// --- the side's page on the home screen: works for a while without the network ------------
// Browsers allow it only over HTTPS (or on the laptop itself): on the hall's plain HTTP the
// page says what that leaves out; the hands waiting to send above need no secure context.
if (!window.isSecureContext) {
  document.querySelectorAll(".plain-http").forEach(function (note) { note.hidden = false; });
}
if ("serviceWorker" in navigator && document.querySelector("link[rel=manifest][data-offline]")) {
  navigator.serviceWorker.register("/sw.js").catch(function () {});
}

// --- wide tables on a phone: a table that scrolls sideways says so --------------------------
// A box whose table is wider than it is marked (kitty.css fades its right edge until the
// last column is in view) and a line above it says to scroll; the box takes the keyboard's
// arrows too. Checked again when the window turns or a live page swaps the table in.
(function () {
  var BOXES = ".scroll, .standings-wrap, .table-wrap";
  function mark(box) {
    var over = box.scrollWidth > box.clientWidth + 1;
    var hint = box.previousElementSibling;
    if (!hint || !hint.classList.contains("scroll-hint")) {
      if (!over) return;
      hint = document.createElement("p");
      hint.className = "scroll-hint";
      hint.setAttribute("aria-hidden", "true");
      box.parentNode.insertBefore(hint, box);
    }
    var atEnd = box.scrollLeft + box.clientWidth >= box.scrollWidth - 1;
    hint.hidden = !over;
    hint.textContent = atEnd ? "\u2190 Scroll back for more" : "Scroll sideways for more \u2192";
    box.classList.toggle("overflows", over);
    box.classList.toggle("at-end", atEnd);
    if (over && !box.hasAttribute("tabindex")) {
      box.tabIndex = 0;
      box.setAttribute("role", "region");
      box.setAttribute("aria-label", "Table, scrolls sideways");
    }
  }
  function setUp(root) {
    var boxes = Array.prototype.slice.call(root.querySelectorAll(BOXES));
    if (root.matches && root.matches(BOXES)) boxes.push(root);
    boxes.forEach(function (box) {
      if (!box.dataset.scrollWatched) {
        box.dataset.scrollWatched = "1";
        box.addEventListener("scroll", function () { mark(box); }, { passive: true });
      }
      mark(box);
    });
  }
  if (window.htmx) htmx.onLoad(setUp); else setUp(document);
  window.addEventListener("resize", function () { document.querySelectorAll(BOXES).forEach(mark); });
})();
