// odds serve: the tap pads beside the dice and card fields, and the share link. The form works without it.
"use strict";
document.querySelectorAll(".field").forEach(function (field) {
  var input = field.querySelector("input[data-pad]");
  if (!input) return;
  var pendingRank = null;
  function words() { return input.value.trim() ? input.value.trim().split(/\s+/) : []; }
  function put(list) { input.value = list.join(input.dataset.pad === "dice" && input.name === "roll" ? "" : " "); }
  field.addEventListener("click", function (event) {
    var button = event.target.closest("button");
    if (!button) return;
    if (button.hasAttribute("data-undo")) {
      var list = input.name === "roll" ? input.value.replace(/\s/g, "").split("").filter(Boolean) : words();
      list.pop(); put(list); return;
    }
    if (button.dataset.face) {
      var current = input.name === "roll" ? input.value.replace(/\s/g, "").split("").filter(Boolean) : words();
      current.push(button.dataset.face); put(current); return;
    }
    if (button.dataset.rank) {
      field.querySelectorAll("[data-rank]").forEach(function (b) { b.setAttribute("aria-pressed", "false"); });
      pendingRank = button.dataset.rank; button.setAttribute("aria-pressed", "true"); return;
    }
    if (button.dataset.suit && pendingRank) {
      var cards = words(); cards.push(pendingRank + button.dataset.suit); put(cards);
      button.blur(); pendingRank = null;
      field.querySelectorAll("[data-rank]").forEach(function (b) { b.setAttribute("aria-pressed", "false"); });
    }
  });
});
document.querySelectorAll("[data-share]").forEach(function (link) {
  link.href = window.location.href;
  link.addEventListener("click", function (event) {
    if (navigator.share) { event.preventDefault(); navigator.share({ url: window.location.href }).catch(function () {}); }
  });
});
// Fields the chosen game has no use for (Korean Yacht's upper section) are hidden, and not sent.
document.querySelectorAll("form[data-rejects]").forEach(function (form) {
  var rejects = JSON.parse(form.dataset.rejects), preset = form.querySelector("select[name=preset]");
  if (!preset) return;
  function show(event) {
    var unused = rejects[preset.value] || [];
    form.querySelectorAll(".field[data-field]").forEach(function (field) {
      // A field with a sentence beside it stays in view until the game is changed.
      var off = unused.indexOf(field.dataset.field) >= 0 && (event || !field.classList.contains("wrong"));
      field.hidden = off;
      field.querySelectorAll("input, select").forEach(function (input) { input.disabled = off; });
    });
  }
  preset.addEventListener("change", show); show();
});
// Dice faces that the chosen game lacks are hidden (Bluff: 1-5 and the star; the others 1-6).
(function () {
  var preset = document.querySelector("select[name=preset]");
  if (!preset) return;
  function show() {
    var bluff = preset.value === "bluff";
    document.querySelectorAll("[data-face='*']").forEach(function (b) { b.hidden = !bluff; });
    document.querySelectorAll("input[name=dice]").forEach(function (input) {
      var pad = input.closest(".field").querySelector("[data-face='6']");
      if (pad && document.querySelector("[data-face='*']")) pad.hidden = bluff;
    });
  }
  preset.addEventListener("change", show); show();
})();
// A wrong field below the fold: bring it into view, its input ready to correct.
(function () {
  var wrong = document.querySelector(".field.wrong");
  if (!wrong) return;
  wrong.scrollIntoView({ block: "center" });
  var input = wrong.querySelector("input, select");
  if (input) input.focus({ preventScroll: true });
})();
// The backgammon board: a tap on a point adds a checker of the chosen side (or removes one), the
// position is written into the notation field and the form asks again (the server checks it).
(function () {
  var board = document.querySelector("svg.board");
  var field = document.querySelector("input[name=position]");
  if (!board || !field) return;
  var me = board.dataset.me.split(",").map(Number), them = board.dataset.them.split(",").map(Number);
  // The mode (add mine, add theirs, remove) is kept between taps: each tap asks the page again.
  var kept = null;
  try { kept = sessionStorage.getItem("odds-board-mode"); } catch (e) { kept = null; }
  var mode = kept || "me", note = document.getElementById("board-note");
  function choose(chosen) {
    mode = chosen;
    try { sessionStorage.setItem("odds-board-mode", chosen); } catch (e) { /* private mode: not kept */ }
    document.querySelectorAll("[data-mode]").forEach(function (b) { b.setAttribute("aria-pressed", String(b.dataset.mode === chosen)); });
  }
  document.querySelectorAll("[data-mode]").forEach(function (button) {
    button.addEventListener("click", function () { choose(button.dataset.mode); });
  });
  if (kept) choose(kept);
  function total(side) { return side.reduce(function (a, b) { return a + b; }, 0); }
  function side(counts) {        // point:count from the side's own ace point, then bar and start
    var words = [];
    for (var i = 0; i < 24; i++) if (counts[i]) words.push((i + 1) + ":" + counts[i]);
    if (counts[24]) words.push("bar:" + counts[24]);
    if (counts[25]) words.push("start:" + counts[25]);
    return words.join(" ");
  }
  board.addEventListener("click", function (event) {
    var point = Number(event.target.getAttribute("data-point"));
    if (!point) return;
    var mine = point - 1, theirs = 24 - point, problem = null;
    if (mode === "remove") {
      if (me[mine]) me[mine]--; else if (them[theirs]) them[theirs]--; else return;
    } else {
      var own = mode === "me" ? me : them, other = mode === "me" ? them : me;
      var index = mode === "me" ? mine : theirs, otherIndex = mode === "me" ? theirs : mine;
      if (other[otherIndex]) problem = "The other side holds that point; remove its checkers first.";
      else if (total(own) >= 15) problem = "That side has all 15 checkers on the board; remove one first.";
      else own[index]++;
    }
    if (problem) { note.textContent = problem; note.hidden = false; return; }
    field.value = side(me) + " / " + side(them);
    // The notation now holds the position: the position ID or XGID it was read from gives way to it.
    document.querySelectorAll("input[name=id], input[name=xgid]").forEach(function (input) { input.value = ""; });
    field.form.submit();
  });
})();
// A question that takes a while (a simulation, a table read for the first time): say so, and let the
// player stop waiting (the server finishes that answer on its own; the form is usable again at once).
document.querySelectorAll("form.ask").forEach(function (form) {
  form.addEventListener("submit", function () {
    var go = form.querySelector("button.go");
    var timer = setTimeout(function () {
      go.disabled = true;
      go.textContent = "Working\u2026";
      var stop = document.createElement("button");
      stop.type = "button"; stop.className = "go stop"; stop.textContent = "Stop waiting";
      stop.addEventListener("click", function () {
        window.stop();
        go.disabled = false; go.textContent = "Answer"; stop.remove();
      });
      go.after(stop);
    }, 600);
    window.addEventListener("pagehide", function () { clearTimeout(timer); });
  });
});
// A long question's page: ask the server how far the job is a few times a second and move the bar;
// once it has ended, load the page again (it then shows the answer). Without the script the page
// reloads itself every two seconds; Cancel is a plain form either way (the server stops the work).
(function () {
  var box = document.getElementById("job");
  if (!box || box.dataset.state !== "running") return;
  var bar = document.getElementById("job-progress");
  function show(id, text) { var e = document.getElementById(id); if (e) e.textContent = text; }
  function poll() {
    fetch("/api/jobs/" + box.dataset.id, { cache: "no-store" }).then(function (reply) { return reply.json(); })
      .then(function (job) {
        bar.max = job.total || 1; bar.value = job.done; bar.dataset.done = job.done;
        show("job-label", job.label); show("job-done", job.done.toLocaleString("en"));
        show("job-total", job.total.toLocaleString("en")); show("job-seconds", job.seconds);
        show("job-percent", (100 * job.fraction).toFixed(1) + "%");
        if (job.state !== "running") window.location.reload(); else setTimeout(poll, 300);
      })
      .catch(function () { setTimeout(poll, 1000); });
  }
  setTimeout(poll, 300);
})();
