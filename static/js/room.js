// The live table: speaks docs/protocol.md over one websocket and draws each `state`
// with the table's drawing (table.js), adding what only a player has: the bid and trump
// buttons, their hand, the away banner, the countdowns and the rematch.

import { cardElement, cardName, suitName } from "./cards.js";
import { fmt, h, toast } from "./dom.js";
import { errorNode } from "./errors.js";
import { fairnessLine } from "./fairness.js";
import { Chat } from "./chat.js";
import { chatJump } from "./chat_jump.js";
import { Friends } from "./friends.js";
import { Moderation } from "./moderation.js";
import { FocusKeeper } from "./focus.js";
import { Hint } from "./hint.js";
import { flyIn, gather } from "./motion.js";
import { onPlay, sortCards } from "./preferences.js";
import { LiveSocket } from "./socket.js";
import { TurnSound } from "./sound.js";
import { Table, isLive, suitLabel } from "./table.js";

const LAST_TRICK_MS = 4000;
const TRICK_HOLD_MS = 900; // a finished trick stays on the felt this long, then is gathered

const root = document.getElementById("game");
const table = new Table(root);
const els = {
  ...table.els,
  conn: document.getElementById("conn"),
  away: document.getElementById("away"),
  note: document.getElementById("note"),
  actions: document.getElementById("actions"),
  hand: document.getElementById("hand"),
  foot: document.getElementById("foot"),
  lastHand: document.getElementById("last-hand"),
  playArea: document.getElementById("play-area"),
};
const loggedIn = root.dataset.auth === "1";
const isOwner = root.dataset.owner === "1";
const loginURL = root.dataset.login;

let state = null; // the latest `state` message
let pendingV = null; // the `v` of an act we sent and have no answer to yet
let showLastTrick = false;
let lastTrickTimer = null;
let summaryClosed = null; // the hand number whose summary the player closed
let lastTurnKey = null;
const sound = new TurnSound();
let finishedTrick = null; // a trick just completed, on the felt until it is gathered
const queued = []; // states that came while it was on show, drawn in order after
let drawnTrick = []; // the cards on the felt as last drawn, to see which are new
let playedFrom = null; // where the card this page just played was, {card, rect}
let leftMatch = null; // the id of the match this page left (a bot plays the seat)
// A new player's first match says what leaving costs, before they need it, until they say
// they read it (playban.services.first_match_note).
const FIRST_MATCH_READ = "tarneeb.firstMatchRead";
let firstMatch = localStorage.getItem(FIRST_MATCH_READ) ? "" : root.dataset.firstMatch;

// ------------------------------------------------------------------ helpers

const mySeat = () => table.mySeat();

function secondsLeft() {
  if (!state || !state.deadline) return null;
  const max = state.room.turn_seconds;
  const left = Math.ceil((state.deadline - Date.now()) / 1000);
  return Math.max(0, Math.min(max, left));
}

// ------------------------------------------------------------------ sending

function send(message) {
  if (!socket.send(message)) {
    toast(gettext("Not connected: trying again in a moment."));
    return false;
  }
  return true;
}

function act(action, from = null) {
  if (!state || pendingV !== null) return;
  if (send({ type: "act", action, v: state.v })) {
    playedFrom = from && { card: action.card, rect: from.getBoundingClientRect() };
    pendingV = state.v;
    render();
  }
}

// ------------------------------------------------------------------ receiving

function onMessage(message) {
  if (chat.onMessage(message) || hint.onMessage(message)) return;
  if (message.type === "state") {
    onState(message);
  } else if (message.type === "presence") {
    // Seats whose page is closed, shown at once: the timer plays for them at their turn.
    table.offline = new Set(Object.keys(message.seats).filter((seat) => !message.seats[seat]).map(Number));
    render();
  } else if (message.type === "error" && message.code === "confirm_leave") {
    // The server's own words: what leaving does and what it costs this player.
    if (window.confirm(message.message) && send({ type: "leave", confirm: true })) {
      leftMatch = state && state.match ? state.match.id : null;
      render();
    }
  } else if (message.type === "error") {
    pendingV = null;
    if (message.code !== "stale") {
      toast(errorNode(message));
    }
    render();
  }
}

// States are ordered by match, then version; one with no match yet comes first. Two
// servers publish in no common order: the third player's "waiting" can arrive after the
// fourth's dealt hand, and would hide the match until the timer's next move.
function isOlder(message, held) {
  const id = (s) => (s.match ? s.match.id : 0);
  return id(message) < id(held) || (id(message) === id(held) && message.v < held.v);
}

function onState(message) {
  const newest = queued.at(-1) || state;
  if (newest && isOlder(message, newest)) return;
  if (finishedTrick) queued.push(message);
  else show(message);
}

// A trick completes in the state after its fourth card: the engine has moved it to
// `last_trick`. It stays on the felt, then is gathered, and states that came meanwhile
// follow in order, so no trick goes by unseen and nothing older shows as current.
function completesTrick(old, message) {
  const before = old && old.match;
  const after = message.match;
  return Boolean(before && after && before.id === after.id && message.v > old.v && after.last_trick &&
    JSON.stringify(before.last_trick) !== JSON.stringify(after.last_trick));
}

function show(message) {
  const old = state;
  if (old && old.match && message.match && old.match.id !== message.match.id) summaryClosed = null;
  state = table.state = message;
  chat.onState(message);
  if (pendingV !== null && (message.v !== pendingV || !message.legal.length)) pendingV = null;
  if (old && old.v !== message.v) showLastTrick = false;
  if (completesTrick(old, message)) {
    finishedTrick = message.match.last_trick;
    setTimeout(gatherTrick, TRICK_HOLD_MS);
  }
  render();
}

async function gatherTrick() {
  const cards = [...els.center.querySelectorAll(".trick .card")];
  await gather(cards, table.seatEls[table.posOf(finishedTrick.winner)]);
  finishedTrick = null;
  render();
  while (!finishedTrick && queued.length) show(queued.shift());
}

// ------------------------------------------------------------------ drawing

function render() {
  if (!state) return;
  const focus = focusKeeper.before();
  const m = state.match;
  const seat = mySeat();
  const myTurn = seat !== null && state.legal.length > 0;
  Object.assign(root.dataset, {
    v: String(state.v),
    seat: seat === null ? "" : String(seat),
    match: m ? String(m.id) : "",
    phase: m ? m.phase : "waiting",
    hand: m ? String(m.hand_number) : "0",
    toAct: m && m.to_act !== null ? String(m.to_act) : "",
    myTurn: myTurn ? "1" : "0",
    variant: state.room.variant,
    status: state.room.status,
  });
  root.classList.toggle("spectating", seat === null);
  hint.update(state, seat);
  root.classList.toggle("closed", Boolean(state.room.closed));
  root.classList.toggle("my-turn", myTurn);
  renderSkipLink(myTurn);
  renderSeats();
  renderCenter();
  table.drawInfo();
  renderTurn();
  renderNotes();
  renderSummary();
  renderActions();
  renderHand(focus);
  renderFoot();
  renderChatButton();
  focusKeeper.keep(focus);
  fitToScreen();
}

// ------------------------------------------------------------------ focus and fit

const focusKeeper = new FocusKeeper(root, els);

// The play area fills the screen below its own top (table.css, .play-area).
function fitToScreen() {
  const top = Math.round(els.playArea.getBoundingClientRect().top + window.scrollY);
  if (top !== fitToScreen.top) {
    fitToScreen.top = top;
    document.documentElement.style.setProperty("--play-top", top + "px");
  }
}
window.addEventListener("resize", () => { fitToScreen.top = null; fitToScreen(); });
fitToScreen();

// The first stop of the Tab key: straight to the bid or trump buttons or the hand when it
// is the player's turn, else to the table, over the site's links.
const skipLink = h("a", { href: "#game", class: "skip-link", id: "skip-to-move",
  onclick: (event) => {
    event.preventDefault();
    const target = els.actions.querySelector("button:not([disabled])") ||
      els.hand.querySelector('button.card[tabindex="0"]:not([disabled])') || root;
    target.focus();
  } }, gettext("Skip to the table"));
document.body.prepend(skipLink);

function renderSkipLink(myTurn) {
  skipLink.textContent = myTurn ? gettext("Your turn: go to your move") : gettext("Skip to the table");
}

function renderSeats() {
  const mine = mySeat();
  const open = state.room.status !== "playing" && !state.room.closed;
  const canSit = loggedIn && mine === null && open;
  // The owner, or anyone seated, fills the other seats with bots before the start.
  const canSeatBots = loggedIn && open && (isOwner || mine !== null);
  table.drawSeats({
    clock: state.deadline ? secondsLeft() : null,
    extra: (seat, el) => {
      const info = table.seatInfo(seat);
      if (!info && canSit) {
        el.append(
          h("button", { type: "button", class: "sit", dataset: { sit: String(seat) },
            onclick: () => send({ type: "sit", seat }) }, gettext("Sit here")),
        );
      }
      if (!info && canSeatBots) {
        el.append(h("div", { class: "bot-buttons" },
          h("button", { type: "button", class: "link add-bot", dataset: { addBot: String(seat) },
            onclick: () => send({ type: "add_bot", seat, level: "standard" }) }, gettext("Add a bot")),
          h("button", { type: "button", class: "link add-bot", dataset: { addExpert: String(seat) },
            onclick: () => send({ type: "add_bot", seat, level: "expert" }) }, gettext("Add an expert bot"))));
      } else if (info && info.bot && canSeatBots) {
        el.append(h("button", { type: "button", class: "link remove-bot", dataset: { removeBot: String(seat) },
          onclick: () => send({ type: "remove_bot", seat }) }, gettext("Remove the bot")));
      }
      if (!info && !loggedIn && state.room.status !== "playing") {
        el.append(h("a", { class: "sit-login", href: loginURL }, gettext("Log in to sit")));
      }
      moderation.seat(seat, el);
      friends.seat(seat, el);
      if (info && seat === mine && state.room.status !== "playing") {
        el.append(
          h("button", { type: "button", class: "stand link", onclick: () => send({ type: "stand" }) },
            gettext("Stand up")),
        );
      }
    },
  });
}

function renderCenter() {
  const m = state.match;
  if (finishedTrick) table.drawCenter(finishedTrick, { label: false });
  else table.drawCenter(m && showLastTrick && m.last_trick ? m.last_trick : null);
  // Cards new on the felt arrive: from this page's hand, or from their player's seat.
  const cards = [...els.center.querySelectorAll(".trick .card")];
  for (const el of cards) {
    if (showLastTrick || drawnTrick.includes(el.dataset.card)) continue;
    const mine = playedFrom && playedFrom.card === el.dataset.card;
    flyIn(el, mine ? playedFrom.rect : table.seatEls[table.posOf(Number(el.dataset.seat))].getBoundingClientRect());
  }
  drawnTrick = cards.map((el) => el.dataset.card);
}

function renderTurn() {
  const m = state.match;
  const mine = mySeat();
  els.turn.replaceChildren();
  const text = table.turnText();
  if (state.room.closed) {
    els.turn.classList.remove("mine");
    els.turn.append(h("strong", { class: "closed-text" }, gettext("This room was closed by a moderator.")));
  } else if (text) {
    const who = m.to_act === mine;
    els.turn.classList.toggle("mine", who);
    els.turn.append(h("span", { class: "turn-text" }, text));
    if (state.deadline) {
      els.turn.append(" ", h("span", { class: "clock", "data-countdown": "" }, String(secondsLeft())),
        h("span", { class: "unit" }, pgettext("seconds", "s")));
    }
    const key = m.id + ":" + state.v;
    if (who && key !== lastTurnKey) {
      sound.yourTurn();
      if (document.hidden) document.title = "● " + document.title.replace(/^● /, "");
    }
    lastTurnKey = key;
  } else {
    els.turn.classList.remove("mine");
    if (m && m.phase === "deal") els.turn.append(gettext("Next hand coming up"));
    else if (m && m.phase === "finished") els.turn.append(gettext("Match over"));
    else if (!m) els.turn.append(gettext("Waiting for four players"));
  }
  if (!(m && m.to_act === mine && isLive(m))) document.title = document.title.replace(/^● /, "");
}

function renderNotes() {
  const mine = mySeat();
  // The away banner.
  const info = mine === null ? null : table.seatInfo(mine);
  const away = Boolean(info && info.away && state.match && state.room.status === "playing");
  els.away.hidden = !away;
  if (away && (info.left || info.removed)) {  // nothing to come back to
    els.away.replaceChildren(h("span", {}, info.left
      ? gettext("You left this match: a bot plays your seat until it ends.")
      : gettext("A moderator removed you from this table.")));
  } else if (away) {
    els.away.replaceChildren(
      h("span", {}, gettext("You were away: a bot is playing for you.")), " ",
      h("button", { type: "button", class: "primary", id: "back", onclick: () => send({ type: "back" }) },
        gettext("I'm back")),
    );
  }
  // Watching, or waiting to sit.
  let note = null;
  if (mine === null) {
    const free = state.room.seats.some((s) => !s);
    if (loggedIn && free && state.room.status !== "playing" && !state.room.closed) {
      note = gettext("Pick an empty seat to join. The match starts when four players are seated.");
    } else {
      note = gettext("You are watching this table. Players' hands stay hidden.");
    }
  } else if (!state.match || state.room.status !== "playing") {
    if (!state.match && !state.room.quick) note = gettext("Share this page's link to invite friends. The match starts when four players are seated.");
  }
  els.note.hidden = !note;
  els.note.textContent = note || "";
}

// A hand's summary covers the felt only while there is nothing on it (between hands, and
// once the match is over); during the next auction it shrinks to a line above the table.
function renderSummary() {
  const m = state.match;
  const last = m && m.last_hand;
  const between = Boolean(last) && !finishedTrick && (m.phase === "deal" || m.phase === "finished");
  const full = between && (m.phase === "finished" || summaryClosed !== last.hand_number);
  els.summary.hidden = !full;
  els.summary.replaceChildren();
  if (full) {
    if (m.phase === "finished") els.summary.append(winnerPanel(m));
    els.summary.append(handSummary(m, last));
  } else {
    delete els.summary.dataset.hand;
  }
  const line = Boolean(last) && !full && (m.phase === "bidding" || m.phase === "trump" || between);
  els.lastHand.hidden = !line;
  els.lastHand.replaceChildren(...(line ? [table.handLine(m, last)] : []));
}

function winnerPanel(m) {
  // An event's table has no rematch (the server refuses it): its event goes on.
  if (mySeat() === null || state.room.arranged) return table.winnerPanel(m);
  return table.winnerPanel(m, h("button", { type: "button", class: "primary", id: "rematch",
    onclick: () => send({ type: "rematch" }) }, gettext("Rematch")));
}

function handSummary(m, last) {
  els.summary.dataset.hand = String(last.hand_number);
  return table.handSummary(m, last, h("button", { type: "button", class: "close link", "aria-label": gettext("Close"),
    onclick: () => { summaryClosed = last.hand_number; render(); } }, "×"));
}

function renderActions() {
  const legal = state.legal || [];
  const busy = pendingV !== null;
  els.actions.replaceChildren();
  // Pass first: the call made most often, one key press after the skip link.
  const bids = [...legal.filter((a) => a.type === "pass"), ...legal.filter((a) => a.type === "bid")];
  const trumps = legal.filter((a) => a.type === "trump");
  if (bids.length) {
    const group = h("div", { class: "bid-panel", role: "group", "aria-label": gettext("Your bid") },
      h("span", { class: "panel-label" }, gettext("Your bid:")));
    for (const a of bids) {
      const label = a.type === "pass" ? gettext("Pass") : String(a.value);
      group.append(h("button", {
        type: "button", class: "action" + (a.type === "pass" ? " pass" : ""),
        dataset: { action: a.type, value: a.type === "bid" ? String(a.value) : "" },
        "aria-label": a.type === "pass" ? gettext("Pass") : fmt(gettext("Bid %(n)s"), { n: a.value }),
        disabled: busy, onclick: () => act(a),
      }, label));
    }
    els.actions.append(group);
  }
  if (trumps.length) {
    const group = h("div", { class: "trump-panel", role: "group", "aria-label": gettext("Choose trump") },
      h("span", { class: "panel-label" }, gettext("Choose trump:")));
    for (const a of trumps) {
      group.append(h("button", {
        type: "button", class: "action trump-choice", dataset: { action: "trump", suit: a.suit },
        disabled: busy, onclick: () => act(a),
      }, suitLabel(a.suit)));
    }
    els.actions.append(group);
  }
  els.actions.hidden = !els.actions.childElementCount;
}

function renderHand(focus) {
  const m = state.match;
  const mine = mySeat();
  // The player is in the hand: on a card, on the hand itself, or on a card just played.
  const was = Boolean(focus && focus.place === "#hand");
  const hadFocus = was ? focus.el.dataset.card || null : null;
  els.hand.replaceChildren();
  if (mine === null || !m || !m.hand || !m.hand.length) {
    els.hand.hidden = true;
    return;
  }
  els.hand.hidden = false;
  const playable = new Set(
    (state.legal || []).filter((a) => a.type === "play").map((a) => a.card),
  );
  const busy = pendingV !== null;
  // A greyed card says why, on hover, on a tap and to a screen reader: the one rule that
  // greys a card is following the suit led.
  const led = m.trick && m.trick.length ? m.trick[0].card[1] : null;
  const why = led ? fmt(gettext("You must follow suit: play a %(suit)s card."), { suit: suitName(led) }) : "";
  const cards = sortCards(m.hand, m.trump);
  els.hand.style.setProperty("--cards", String(cards.length)); // the overlap fits the cards left
  let focusTarget = null;
  let firstEnabled = null;
  for (const card of cards) {
    const el = cardElement(card, "button");
    el.type = "button";
    const ok = playable.has(card) && !busy;
    el.disabled = !ok;
    el.tabIndex = -1;
    if (playable.size && !playable.has(card)) {
      el.classList.add("dimmed");
      if (why) {
        el.title = why;
        el.setAttribute("aria-label", fmt(gettext("%(card)s, cannot be played: %(why)s"), { card: cardName(card), why }));
      }
    }
    if (m.trump && card[1] === m.trump) el.classList.add("trump");
    if (ok) {
      onPlay(el, card, () => act({ type: "play", card }, el));
      if (!firstEnabled) firstEnabled = el;
      if (card === hadFocus) focusTarget = el;
    }
    els.hand.append(el);
  }
  const target = focusTarget || firstEnabled;
  if (target) target.tabIndex = 0;
  // Only a player already in the hand is moved to its card; an update never takes the
  // focus from anywhere else (the focus keeper puts it back where it was).
  if (target && was) {
    target.focus({ preventScroll: true });
    focusKeeper.noted(target, "#hand");
  }
  els.hand.setAttribute("aria-label", playable.size
    ? gettext("Your hand: choose a card to play")
    : gettext("Your hand"));
}

// A tap on a greyed card says why it cannot be played (a disabled button still hears the
// pointer, though not the click).
els.hand.addEventListener("pointerdown", (event) => {
  const card = event.target.closest("button.card.dimmed[title]");
  if (card) toast(card.title, "info", 2500);
});

// Arrow keys move between the playable cards; Enter or Space plays the focused one.
els.hand.addEventListener("keydown", (event) => {
  const keys = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1, Home: "first", End: "last" };
  const step = keys[event.key];
  if (step === undefined) return;
  const enabled = [...els.hand.querySelectorAll("button.card:not([disabled])")];
  if (!enabled.length) return;
  event.preventDefault();
  let i = enabled.indexOf(document.activeElement);
  if (step === "first") i = 0;
  else if (step === "last") i = enabled.length - 1;
  else i = i < 0 ? 0 : (i + step + enabled.length) % enabled.length;
  for (const el of enabled) el.tabIndex = -1;
  enabled[i].tabIndex = 0;
  enabled[i].focus();
});

function renderFoot() {
  const m = state.match;
  els.foot.replaceChildren();
  if (!m) return;
  const last = h("button", {
    type: "button", class: "last-trick", id: "last-trick", "aria-pressed": showLastTrick ? "true" : "false",
    disabled: !m.last_trick,
    onclick: () => {
      showLastTrick = !showLastTrick;
      clearTimeout(lastTrickTimer);
      if (showLastTrick) lastTrickTimer = setTimeout(() => { showLastTrick = false; render(); }, LAST_TRICK_MS);
      render();
    },
  }, showLastTrick ? gettext("Hide last trick") : gettext("Show last trick"));
  els.foot.append(last, sound.button(render));
  const mine = mySeat();
  const sitter = mine === null ? null : state.room.seats[mine];
  if (isLive(m) && sitter && !sitter.removed && leftMatch !== m.id) {
    els.foot.append(h("button", { type: "button", class: "leave", onclick: () => send({ type: "leave" }) },
      gettext("Leave table")));
    // Beside the button it explains, under the hand: never between the player and the table.
    if (firstMatch) {
      els.foot.append(h("p", { class: "first-match", id: "first-match" }, firstMatch, " ",
        h("button", { type: "button", class: "link", onclick: () => {
          firstMatch = "";
          localStorage.setItem(FIRST_MATCH_READ, "1");
          render();
        } }, gettext("Got it"))));
    }
  }

  els.foot.append(fairnessLine(m));
}

// A state lost on the way (delivery is at most once: a server restarting between a move
// and its broadcast) would leave this page behind until the next move; once the shown
// deadline has passed by a few seconds with nothing new, ask for the table again.
const SYNC_AFTER_MS = 3000;
const SYNC_EVERY_MS = 5000;
const WAITING_SYNC_EVERY_MS = 15000;
let lastSync = Date.now();
// A seated player's page says it is open: a match starts only with every seated person
// here, a seat whose page closed is given up (docs/leavers.md), and the table shows who is
// disconnected (another tab of theirs keeps them here). Every 12 to 18 s, drawn afresh: pages
// opened together (after a server restart) would say it together, the moves waiting behind.
const HERE_EVERY_MS = 15000;
const hereWait = () => HERE_EVERY_MS * (0.8 + 0.4 * Math.random());
let lastHere = Date.now();
let nextHereMs = hereWait();

// The countdowns tick without waiting for a new state; the summary times out.
setInterval(() => {
  if (!state) return;
  const now = Date.now();
  // With no deadline (a table waiting, between hands) nothing would bring a lost state
  // back: ask now and then (a seat change published while Redis was down, say).
  const due = state.deadline ? now > state.deadline + SYNC_AFTER_MS && now - lastSync > SYNC_EVERY_MS
    : now - lastSync > WAITING_SYNC_EVERY_MS;
  if (due) {
    lastSync = now;
    socket.send({ type: "sync" });
  }
  if (mySeat() !== null && now - lastHere > nextHereMs) {
    lastHere = now;
    nextHereMs = hereWait();
    socket.send({ type: "here" });
  }
  const left = secondsLeft();
  for (const el of document.querySelectorAll("[data-countdown]")) {
    el.textContent = left === null ? "" : String(left);
    el.classList.toggle("urgent", left !== null && left <= 5);
  }
  if (state.legal.length) sound.secondsLeft(left);
}, 250);

// ------------------------------------------------------------------ start

function onStatus(status) {
  root.dataset.conn = status;
  els.conn.hidden = status === "open";
  if (status === "open") {
    els.conn.textContent = "";
    chat.reset();
    return;
  }
  els.conn.textContent = {
    connecting: gettext("Connecting…"),
    reconnecting: gettext("Connection lost: reconnecting…"),
    closed: gettext("Connection lost: reconnecting…"),
    gone: gettext("This room does not exist."),
    suspended: gettext("Your account is suspended."),
  }[status];
  if (status !== "connecting") pendingV = null;
}

const chat = new Chat(document.getElementById("chat"), send, { seenKey: "tarneeb.chatSeen." + root.dataset.room });
const hint = new Hint(document.getElementById("hint"), send);

const renderChatButton = chatJump(chat, els.table.parentElement);
const moderation = new Moderation(document.getElementById("moderation"), { chat, getState: () => state });
const friends = new Friends(document.getElementById("friends"), { chat, getState: () => state, redraw: () => render() });
const socket = new LiveSocket(root.dataset.ws, { onMessage, onStatus });
window.tarneebTable = { get state() { return state; } };
