// The replay on a match's page: a hand that is over, position by position, drawn by the
// live table's code (table.js) with all four hands face up.
//
// Positions are counted from the deal (move 0) and the address names one: #h3-m27 is
// hand 3 (numbered as on the score sheet) after its 27th move, so a copied link reopens it.
// The hand's double-dummy review is replay_analysis.js's; the table's turning, replay_view.js's.

import { SUIT_SYMBOL } from "./cards.js";
import { fmt, fmtNodes, h, num, userText } from "./dom.js";
import { ReplayAnalysis, cardText } from "./replay_analysis.js";
import { ReplayTable, startingSeat } from "./replay_view.js";

const root = document.getElementById("replay");
const table = new ReplayTable(root, startingSeat(root));
const players = JSON.parse(document.getElementById("replay-players").textContent);
const matchId = Number(root.dataset.match);
const handCount = Number(root.dataset.hands);
const room = {
  // Each by the name the match page shows (a bot's at that table, in the page's language).
  seats: players.map((player, seat) => ({ seat, username: player.name, bot: player.bot, away: false })),
  variant: root.dataset.variant, target: Number(root.dataset.target), status: "over", closed: false,
};
const els = {
  where: root.querySelector("#replay-where"),
  moves: root.querySelector("#moves"),
  status: root.querySelector("#replay-status"),
};
// The hand's summary beside the table, not over it: the last trick stays in sight.
root.querySelector(".replay-summary").append(table.els.summary);
const hands = new Map(); // hand number -> its replay (positions, finished), once fetched
let hand = null;
let positions = [];
// False for the hand an aborted match was closed in: its last position is where play stopped.
let finished = true;
let at = 0;
const analysis = new ReplayAnalysis(root, {
  matchId, table, analysed: root.dataset.analysed.split(" ").filter(Boolean).map(Number),
  onChange: () => hand !== null && draw(true),
  onPick: (k) => go(hand, positionOfCard(k)),
});

// ------------------------------------------------------------------ moving about

const POSITION = /^#h(\d+)-m(\d+)$/;

function fromAddress() {
  const found = POSITION.exec(location.hash);
  if (!found) return null;
  return { hand: Number(found[1]), move: Number(found[2]) };
}

async function load(number) {
  if (!hands.has(number)) {
    const response = await fetch(`/matches/${matchId}/hands/${number}.json`, { credentials: "same-origin" });
    if (!response.ok) throw new Error(String(response.status));
    hands.set(number, await response.json());
  }
  return hands.get(number);
}

async function go(number, move) {
  number = Math.min(Math.max(1, number), handCount);
  try {
    els.status.textContent = number === hand ? "" : gettext("Loading…");
    const replay = await load(number);
    positions = replay.positions;
    finished = replay.finished !== false; // a reply cached from before the field: a finished hand
  } catch {
    els.status.textContent = gettext("This hand could not be loaded. Try again in a moment.");
    return;
  }
  els.status.textContent = "";
  const changed = number !== hand;
  hand = number;
  at = Math.min(Math.max(0, move), positions.length - 1);
  if (changed) analysis.show(hand, finished);
  // replaceState: stepping through a hand should not fill the browser's history.
  history.replaceState(null, "", `#h${hand}-m${at}`);
  draw(changed);
}

// The position right after the hand's kth card (k = 0: the one before the first card).
function positionOfCard(k) {
  const plays = positions.flatMap((p, i) => (p.move.action.type === "play" ? [i] : []));
  if (!plays.length) return positions.length - 1;
  return k === 0 ? plays[0] - 1 : plays[Math.min(k, plays.length) - 1];
}

// A trick's end: the position right after its fourth card, where the trick is complete.
const trickEnds = () => positions.flatMap((p, i) =>
  p.move.action.type === "play" && !p.view.trick.length ? [i] : []);

const STEPS = {
  move: (d) => go(hand, at + d),
  trick: (d) => {
    const ends = trickEnds();
    const next = d > 0 ? ends.find((i) => i > at) : ends.filter((i) => i < at).pop();
    return go(hand, next === undefined ? (d > 0 ? positions.length - 1 : 0) : next);
  },
  hand: (d) => go(hand + d, 0),
  edge: (d) => go(hand, d > 0 ? positions.length - 1 : 0),
};

const KEYS = {
  ArrowRight: ["move", 1], ArrowLeft: ["move", -1], ArrowDown: ["trick", 1], ArrowUp: ["trick", -1],
  PageDown: ["hand", 1], PageUp: ["hand", -1], End: ["edge", 1], Home: ["edge", -1],
};

document.addEventListener("keydown", (event) => {
  const step = KEYS[event.key];
  if (!step || hand === null || event.altKey || event.ctrlKey || event.metaKey) return;
  if (event.target.closest("input, select, textarea, summary, details")) return;
  event.preventDefault();
  STEPS[step[0]](step[1]);
});

for (const button of root.querySelectorAll("[data-step]")) {
  button.addEventListener("click", () => STEPS[button.dataset.step](Number(button.dataset.by)));
}

// A hand number in the score sheet: that hand in the replay, brought into view (the
// sheet is below it, and nothing else would scroll the page back up).
const reduceMotion = matchMedia("(prefers-reduced-motion: reduce)").matches;
function showReplay() {
  root.scrollIntoView({ block: "start", behavior: reduceMotion ? "auto" : "smooth" });
  root.focus({ preventScroll: true }); // the keys step through it, a screen reader is there
}
for (const link of document.querySelectorAll(".score-sheet a[href^='#h']")) {
  link.addEventListener("click", (event) => {
    const wanted = POSITION.exec(link.getAttribute("href"));
    if (!wanted || event.ctrlKey || event.metaKey || event.shiftKey) return;
    event.preventDefault();
    go(Number(wanted[1]), Number(wanted[2]));
    showReplay();
  });
}

// "View from": the table turned, the chart following that seat's team.
const viewFrom = document.getElementById("view-from");
viewFrom.value = String(table.viewFrom);
viewFrom.addEventListener("change", () => {
  table.viewFrom = Number(viewFrom.value);
  if (hand !== null) draw(false);
});

// An address edited by hand.
window.addEventListener("hashchange", () => {
  const wanted = fromAddress();
  if (wanted && (wanted.hand !== hand || wanted.move !== at)) go(wanted.hand, wanted.move);
});

// ------------------------------------------------------------------ drawing

function draw(newHand) {
  const p = positions[at];
  const m = { ...p.view, id: matchId, fairness: {} };
  table.state = { type: "state", v: at, room, you: { seat: null }, match: m, legal: [], deadline: null };
  Object.assign(root.dataset, { hand: String(hand), move: String(at), moves: String(positions.length - 1),
    phase: m.phase, viewFrom: String(table.viewFrom) });
  const mover = p.move.seat;
  table.drawSeats({
    extra: (seat, el) => {
      el.classList.toggle("moved", seat === mover && at > 0);
      if (seat === mover && p.move.actor === "timer") {
        const label = gettext("Played by the timer");
        el.querySelector(".seat-head").append(
          h("span", { class: "chip timer-chip", title: label }, gettext("timer")));
      }
      el.append(table.faceUpHand(p.hands[seat], m.trump));
    },
  });
  const completed = p.move.action.type === "play" && !m.trick.length;
  // The trick just completed, its winner marked; no "Last trick" label over its cards.
  table.drawCenter(completed ? m.last_trick : null, { label: false });
  table.drawInfo();
  drawTurn(p);
  drawSummary(m);
  drawMoves(newHand);
  analysis.draw({ positions, at, viewFrom: table.viewFrom });
  for (const button of root.querySelectorAll("[data-step]")) {
    const forward = Number(button.dataset.by) > 0;
    const type = button.dataset.step;
    button.disabled = type === "hand" ? (forward ? hand >= handCount : hand <= 1)
      : forward ? at >= positions.length - 1 : at <= 0;
  }
}

function drawTurn(p) {
  els.where.replaceChildren(
    fmt(gettext("Hand %(hand)s of %(hands)s · move %(move)s of %(moves)s"),
      { hand, hands: handCount, move: at, moves: positions.length - 1 }));
  const turn = table.els.turn;
  turn.replaceChildren();
  if (at > 0) turn.append(h("span", { class: "last-move" }, moveText(p.move), analysis.markFor(p.move.seq)), " ");
  const last = at === positions.length - 1;
  // Where an aborted hand stopped, nobody is to move any more.
  const next = last && !finished ? null : table.turnText();
  if (next) turn.append(h("span", { class: "turn-text" }, next));
  else if (last) turn.append(finished ? gettext("Hand over") : gettext("Not finished: the room was closed"));
}

function drawSummary(m) {
  // A hand cut short has no summary: its view's last_hand is the hand before's.
  const over = finished && at === positions.length - 1 && m.last_hand;
  table.els.summary.hidden = !over;
  table.els.summary.replaceChildren();
  if (!over) return;
  if (m.phase === "finished") table.els.summary.append(table.winnerPanel(m));
  table.els.summary.append(table.handSummary(m, m.last_hand));
}

function moveText(move) {
  const name = table.nameNode(move.seat);
  const a = move.action;
  let text;
  if (a.type === "bid") text = fmtNodes(gettext("%(name)s bid %(n)s"), { name, n: a.value });
  else if (a.type === "pass") text = fmtNodes(gettext("%(name)s passed"), { name });
  else if (a.type === "trump") text = fmtNodes(gettext("%(name)s chose %(suit)s"), { name, suit: SUIT_SYMBOL[a.suit] });
  else text = fmtNodes(gettext("%(name)s played %(card)s"), { name, card: cardText(a.card) });
  if (move.actor === "timer") text.append(" ", h("span", { class: "timer-mark" }, gettext("(timer)")));
  return text;
}

// The hand's moves: the bidding, then each trick; the current one marked, each a jump.
function drawMoves(newHand) {
  if (newHand) {
    els.moves.replaceChildren();
    let group = null;
    let played = 0;
    let calls = 0;
    positions.forEach((p, i) => {
      if (i === 0) return;
      const a = p.move.action;
      const bidding = a.type !== "play";
      const title = bidding ? gettext("Bidding") : fmt(gettext("Trick %(n)s"), { n: Math.floor(played / 4) + 1 });
      if (!bidding) played += 1;
      if (!group || group.dataset.title !== title) {
        group = h("ol", { class: "moves-group" + (bidding ? " calls" : ""), dataset: { title } });
        els.moves.append(h("li", {}, h("span", { class: "moves-title" }, title), group));
      }
      const label = a.type === "play" ? cardText(a.card)
        : a.type === "bid" ? num(a.value) : a.type === "pass" ? gettext("Pass") : SUIT_SYMBOL[a.suit];
      const byTimer = p.move.actor === "timer";
      const mark = a.type === "play" ? analysis.markFor(p.move.seq)
        : a.type === "bid" || a.type === "pass" ? analysis.callMark(calls++) : null;
      group.append(h("li", {}, h("button", {
        type: "button", class: "move" + (byTimer ? " by-timer" : ""), dataset: { move: String(i) },
        title: byTimer ? gettext("Played by the timer") : null, onclick: () => go(hand, i),
      }, userText(table.nameOf(p.move.seat), "move-seat"), " ", label,
      byTimer ? h("span", { class: "timer-mark" }, " ", gettext("(timer)")) : "", mark ? [" ", mark] : "")));
    });
  }
  for (const button of els.moves.querySelectorAll("button.move")) {
    if (Number(button.dataset.move) !== at) {
      button.removeAttribute("aria-current");
      continue;
    }
    button.setAttribute("aria-current", "step");
    // Scroll the list, not the page: the table should stay where the reader put it.
    const box = els.moves;
    box.scrollTop = button.offsetTop - box.clientHeight / 2;
  }
}

// ------------------------------------------------------------------ start

const start = fromAddress() || { hand: 1, move: 0 };
go(start.hand, start.move);
window.tarneebReplay = { get position() { return { hand, move: at, moves: positions.length - 1 }; } };
