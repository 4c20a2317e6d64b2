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
    function update() {
      clearTimeout(timer);
      var data = new FormData(form);
      if (form.dataset.prefix) data.append("prefix", form.dataset.prefix);
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
        .then(function (j) { if (mine === asked) settle(j.ok ? "Scores as: " + j.explanation : ""); })
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

// --- live pages (htmx polls #live) ------------------------------------------------------------
// Nothing a user is typing is swapped away: a form typed in, a box in use or a section
// opened by hand keeps the page as it is, and a line says the table has changed.
(function () {
  var notice = document.createElement("div");
  notice.className = "net-status";
  notice.setAttribute("role", "status");
  notice.hidden = true;
  document.body.appendChild(notice);
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
  // (tournament/live.py), which no form is in: it is swapped in while a user types too.
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

// --- hands entered while the network is down --------------------------------------------------
// A hand that cannot be sent is kept on the phone, with its one-time key, and sent in order
// when the network is back; a hand that reached the server before the answer was lost is
// not stored twice (the key is the same). The form then takes the next hand at once.
(function () {
  var key = "kitty-queue:" + location.pathname;
  var banner = document.createElement("div");
  banner.className = "net-status queue";
  banner.setAttribute("role", "status");
  banner.hidden = true;
  document.body.appendChild(banner);
  var sending = false;

  function load() {
    try { return JSON.parse(localStorage.getItem(key)) || []; } catch (e) { return []; }
  }
  function save(queue, note) {
    if (queue.length) localStorage.setItem(key, JSON.stringify(queue)); else localStorage.removeItem(key);
    banner.textContent = note || (queue.length === 1 ? "1 hand waiting to send" :
      queue.length + " hands waiting to send");
    if (queue.length) {
      banner.textContent += ": " + queue.map(function (item) { return item.label; }).join(", ") + ".";
    }
    banner.hidden = !queue.length && !note;
  }
  // A stored hand is answered with a redirect to the page, not followed here: the page
  // then loads once, with its "Hand 3 stored." message.
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
  // The server erred (500, a proxy's 502/503/504, busy): it said nothing about the hand, so
  // the hand stays and is sent again, with the same key, after a pause that grows to a minute.
  function erred(response) {
    return response.status >= 500 || response.status === 408 || response.status === 429;
  }
  var failures = 0, retryAt = 0;
  function later() {
    failures += 1;
    var pause = Math.min(60000, 1000 * Math.pow(2, failures));
    retryAt = Date.now() + pause;
    setTimeout(flush, pause + 50);
  }
  function page(item) { return item.action.replace(/enter\/$/, ""); }
  function nonceOf(item) {
    var pair = item.fields.filter(function (field) { return field[0] === "nonce"; })[0];
    return pair ? pair[1] : "";
  }
  function drop(item) {  // by its key, never by place: the queue may have grown meanwhile
    var queue = load().filter(function (other) { return nonceOf(other) !== nonceOf(item); });
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
        if (drop(item).length) again = true; else location.assign(page(item));
        return;
      }
      if (response.status === 409) {
        // Not due yet (the hand before it waits for the other side): kept, tried again.
        save(load(), item.label + " waits until the hand before it is accepted.");
        return;
      }
      if (erred(response)) {
        save(load());
        later();
        return;
      }
      // Refused for what it says (the sheet changed meanwhile): the page shows what is due.
      drop(item);
      alert(item.label + " was refused: check the sheet and enter it again.");
      location.reload();
    }).catch(function () {
      save(load());  // still offline
    }).finally(function () {
      sending = false;
      if (again) flush();  // the next one, only once this one is done
    });
  }

  function nextHand(form, label) {
    // The form takes the next hand, as the server would offer it: the next number, a new key.
    var slot = form.querySelector("[name=slot]"), nonce = form.querySelector("[name=nonce]");
    var number = parseInt(slot.value, 10) + 1;
    slot.value = number + ":1";
    nonce.value = (window.crypto && crypto.randomUUID) ? crypto.randomUUID().replace(/-/g, "") :
      String(Date.now()) + Math.random().toString(16).slice(2);
    form.reset();
    delete form.dataset.touched;
    form.querySelectorAll("button").forEach(function (b) { b.disabled = false; });
    var preview = form.querySelector(".preview");
    if (preview) preview.textContent = "";
    var heading = form.closest("section") && form.closest("section").querySelector("h2");
    if (heading) heading.textContent = "Hand " + number;
    var button = form.querySelector("button.primary");
    if (button) button.textContent = "Enter hand " + number;
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.matches("form[action$='/enter/']") || form.dataset.native) return;
    event.preventDefault();
    var slot = form.querySelector("[name=slot]");
    var item = {
      action: form.action,
      fields: Array.from(new FormData(form).entries()),
      label: "hand " + parseInt(slot.value, 10)
    };
    var queue = load();
    if (queue.length) {  // keep the order: after the hands already waiting
      queue.push(item);
      save(queue);
      nextHand(form);
      flush();
      return;
    }
    post(item).then(function (response) {
      if (stored(response)) { location.assign(page(item)); return; }
      if (erred(response)) {  // kept, as if the network had dropped, and sent again
        queue.push(item);
        save(queue);
        nextHand(form);
        later();
        return;
      }
      // Refused: send it the ordinary way, so the page shows the server's message by the field.
      form.dataset.native = "1";
      form.submit();
    }).catch(function () {
      queue.push(item);
      save(queue);
      nextHand(form);
    });
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
