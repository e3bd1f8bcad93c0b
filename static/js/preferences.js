// The player's settings at the table (accounts/preferences.py writes them into the page as
// the `preferences` JSON; a visitor has none): how the hand is sorted, a second tap to play
// a card, and the sound, whose switch at the table is saved to the settings too. The
// four-colour deck needs no script: base.html sets the class and site.css colours the suits.

import { sortHand, suitOrder } from "./cards.js";

const RANKS = "23456789TJQKA";
const FIXED = ["S", "H", "C", "D"];
const node = document.getElementById("preferences");
export const prefs = node ? JSON.parse(node.textContent) : null;

// The hand in the player's order: trump first high to low (the default), a fixed suit
// order, or trump first low to high.
export function sortCards(cards, trump) {
  const how = prefs ? prefs.handSort : "trump_first";
  if (how === "trump_first") return sortHand(cards, trump);
  const order = how === "fixed" ? FIXED : suitOrder(trump);
  const direction = how === "low_first" ? 1 : -1;
  return [...cards].sort((a, b) => order.indexOf(a[1]) - order.indexOf(b[1])
    || direction * (RANKS.indexOf(a[0]) - RANKS.indexOf(b[0])));
}

// A playable card of the hand. With "confirm before playing" the first tap (or Enter)
// raises the card and the second plays it; a tap on another card raises that one instead.
// The raised card survives redraws (the hand is drawn anew on every state).
let raised = null;

export function onPlay(el, card, play) {
  const confirm = Boolean(prefs && prefs.confirmCard);
  if (confirm && raised === card) {
    el.classList.add("raised");
    el.setAttribute("aria-pressed", "true");
  }
  el.addEventListener("click", () => {
    if (!confirm || raised === card) {
      raised = null;
      play();
      return;
    }
    raised = card;
    for (const other of el.parentElement.querySelectorAll(".raised")) {
      other.classList.remove("raised");
      other.removeAttribute("aria-pressed");
    }
    el.classList.add("raised");
    el.setAttribute("aria-pressed", "true");
  });
}

// The sound at the table starts as the settings say, and its switch there saves to them.
export function initialSound(stored) {
  return prefs ? prefs.sound : stored;
}

export function saveSound(on) {
  if (!prefs) return;
  prefs.sound = on;
  const token = (document.cookie.match(/(?:^|; )csrftoken=([^;]*)/) || [])[1] || "";
  const body = new URLSearchParams({ sound: on ? "on" : "off" });
  fetch("/accounts/settings/table/", { method: "POST", body, credentials: "same-origin",
    headers: { "X-CSRFToken": decodeURIComponent(token) } }).catch(() => {});
}
