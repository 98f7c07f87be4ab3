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
  var input = wrong.querySelector("input:not([type=checkbox]), select");
  if (input) input.focus({ preventScroll: true });
})();
