// The live table: speaks docs/protocol.md over one websocket and draws each `state`.
//
// The table is always drawn from the viewer's seat: you at the bottom, your partner at
// the top, the next player (seat + 1) on the right and seat + 3 on the left. Spectators
// see it from seat 0. The table grid is dir="ltr" so Arabic flips the text, not the table.

import { cardElement, cardName, sortHand, suitSymbol, suitTitle } from "./cards.js";
import { fmt, fmtNodes, h, num, toast, userText } from "./dom.js";
import { errorText } from "./errors.js";
import { LiveSocket } from "./socket.js";

const POSITIONS = ["bottom", "right", "top", "left"];
const SUMMARY_MS = 8000; // how long a hand's summary stays once the next hand is dealt
const LAST_TRICK_MS = 4000;

const root = document.getElementById("game");
const els = {
  conn: document.getElementById("conn"),
  turn: document.getElementById("turn"),
  away: document.getElementById("away"),
  note: document.getElementById("note"),
  info: document.getElementById("info"),
  table: document.getElementById("table"),
  center: document.getElementById("center"),
  summary: document.getElementById("summary"),
  actions: document.getElementById("actions"),
  hand: document.getElementById("hand"),
  foot: document.getElementById("foot"),
};
const seatEls = Object.fromEntries(
  POSITIONS.map((pos) => [pos, els.table.querySelector(`.seat[data-pos="${pos}"]`)]),
);
const loggedIn = root.dataset.auth === "1";
const loginURL = root.dataset.login;

let state = null; // the latest `state` message
let pendingV = null; // the `v` of an act we sent and have no answer to yet
let showLastTrick = false;
let lastTrickTimer = null;
const summarySeen = new Map(); // hand number -> when its summary was first shown
let summaryClosed = null; // the hand number whose summary the player closed
let lastTurnKey = null;

// ------------------------------------------------------------------ helpers

const mySeat = () => (state && state.you ? state.you.seat : null);
const baseSeat = () => (mySeat() === null ? 0 : mySeat());
const posOf = (seat) => POSITIONS[(seat - baseSeat() + 4) % 4];
const seatInfo = (seat) => (state && state.room.seats[seat]) || null;
const isLive = (m) => m && ["bidding", "trump", "playing"].includes(m.phase);

function nameOf(seat) {
  const info = seatInfo(seat);
  if (info) return info.username;
  return fmt(gettext("Seat %(n)s"), { n: seat + 1 });
}

function nameNode(seat) {
  return userText(nameOf(seat));
}

function teamLabel(team) {
  // "alice & carol", or "Your team" for the viewer's (as plain text, for titles).
  const mine = mySeat();
  if (mine !== null && (mine & 1) === team) return gettext("Your team");
  return fmt(gettext("%(a)s & %(b)s"), { a: nameOf(team), b: nameOf(team + 2) });
}

function teamNode(team) {
  const mine = mySeat();
  if (mine !== null && (mine & 1) === team) return h("span", { class: "team-name" }, gettext("Your team"));
  const node = fmtNodes(gettext("%(a)s & %(b)s"), { a: nameNode(team), b: nameNode(team + 2) });
  node.className = "team-name";
  return node;
}

function suitLabel(suit) {
  return h("span", { class: "suit-label" }, suitSymbol(suit), " ", suitTitle(suit));
}

function secondsLeft() {
  if (!state || !state.deadline) return null;
  const max = state.room.turn_seconds;
  const left = Math.ceil((state.deadline - Date.now()) / 1000);
  return Math.max(0, Math.min(max, left));
}

function seatBid(m, seat) {
  // The seat's latest call in this hand's auction: a number, "pass", or null.
  if (m.variant === "forty_one") {
    const bids = m.contract || [];
    return bids[seat] === undefined ? null : bids[seat];
  }
  let call = null;
  for (const bid of m.bids || []) {
    if (bid.seat === seat) call = bid.pass ? "pass" : bid.value;
  }
  return call;
}

// ------------------------------------------------------------------ sending

function send(message) {
  if (!socket.send(message)) {
    toast(gettext("Not connected: trying again in a moment."));
    return false;
  }
  return true;
}

function act(action) {
  if (!state || pendingV !== null) return;
  if (send({ type: "act", action, v: state.v })) {
    pendingV = state.v;
    render();
  }
}

// ------------------------------------------------------------------ receiving

function onMessage(message) {
  if (message.type === "state") {
    onState(message);
  } else if (message.type === "error") {
    pendingV = null;
    if (message.code !== "stale") {
      toast(errorText(message));
    }
    render();
  }
}

function onState(message) {
  const old = state;
  if (
    old &&
    old.match &&
    message.match &&
    old.match.id === message.match.id &&
    message.v < old.v
  ) {
    return; // an older state for the same match: drop it
  }
  if (old && old.match && message.match && old.match.id !== message.match.id) {
    summaryClosed = null;
    summarySeen.clear();
  }
  state = message;
  if (pendingV !== null && (message.v !== pendingV || !message.legal.length)) pendingV = null;
  if (old && old.v !== message.v) {
    showLastTrick = false;
  }
  render();
}

// ------------------------------------------------------------------ drawing

function render() {
  if (!state) return;
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
  root.classList.toggle("my-turn", myTurn);
  renderSeats();
  renderCenter();
  renderInfo();
  renderTurn();
  renderNotes();
  renderSummary();
  renderActions();
  renderHand();
  renderFoot();
}

function renderSeats() {
  const m = state.match;
  const mine = mySeat();
  const canSit =
    loggedIn && mine === null && state.room.status !== "playing" && !state.room.closed;
  for (let seat = 0; seat < 4; seat++) {
    const el = seatEls[posOf(seat)];
    const info = seatInfo(seat);
    el.dataset.seat = String(seat);
    el.className = "seat team-" + (seat & 1);
    el.classList.toggle("empty", !info);
    el.classList.toggle("me", seat === mine);
    el.classList.toggle("to-act", Boolean(m && isLive(m) && m.to_act === seat));
    el.replaceChildren();

    const head = h("div", { class: "seat-head" });
    if (info) {
      head.append(nameNode(seat));
      if (seat === mine) head.append(h("span", { class: "you-tag" }, gettext("you")));
    } else {
      head.append(h("span", { class: "name muted" }, gettext("Empty seat")));
    }
    if (m && m.dealer === seat && m.phase !== "finished") {
      head.append(
        h("span", { class: "chip dealer", title: gettext("Dealer"), "aria-label": gettext("Dealer") },
          pgettext("the dealer's marker", "D")),
      );
    }
    el.append(head);

    const badges = h("div", { class: "seat-badges" });
    if (info && info.away) badges.append(h("span", { class: "chip away-chip" }, gettext("away")));
    if (m && m.hand_number > 0) {
      const call = seatBid(m, seat);
      const contract = m.variant === "classic" ? m.contract : null;
      if (contract && contract.seat === seat) {
        badges.append(
          h("span", { class: "chip bid contract-chip" }, fmt(gettext("Contract %(n)s"), { n: contract.value }),
            contract.trump ? suitSymbol(contract.trump) : null),
        );
      } else if (m.variant === "classic" && m.phase !== "bidding") {
        // Once the auction is over only the contract matters.
      } else if (call === "pass") {
        badges.append(h("span", { class: "chip bid pass" }, gettext("Pass")));
      } else if (call !== null && isLive(m)) {
        badges.append(h("span", { class: "chip bid" }, fmt(gettext("Bid %(n)s"), { n: call })));
      }
      if (m.variant === "forty_one" && m.phase === "playing") {
        badges.append(
          h("span", { class: "chip tricks" },
            fmt(gettext("Tricks %(taken)s/%(bid)s"), { taken: m.tricks_taken[seat], bid: call })),
        );
      }
      if (m.variant === "forty_one") {
        badges.append(h("span", { class: "chip score" }, fmtNodes(gettext("Score %(n)s"), { n: num(m.scores[seat]) })));
      }
      if (isLive(m) && seat !== mine) {
        badges.append(
          h("span", { class: "chip cards-left", title: gettext("Cards in hand") },
            h("span", { class: "mini-back", "aria-hidden": "true" }), String(m.cards_left[seat])),
        );
      }
      if (m.to_act === seat && isLive(m) && state.deadline) {
        badges.append(h("span", { class: "chip clock", "data-countdown": "" }, String(secondsLeft())));
      }
    }
    if (badges.childElementCount) el.append(badges);

    if (!info && canSit) {
      el.append(
        h("button", { type: "button", class: "sit", dataset: { sit: String(seat) },
          onclick: () => send({ type: "sit", seat }) }, gettext("Sit here")),
      );
    } else if (!info && !loggedIn && state.room.status !== "playing") {
      el.append(h("a", { class: "sit-login", href: loginURL }, gettext("Log in to sit")));
    }
    if (info && seat === mine && state.room.status !== "playing") {
      el.append(
        h("button", { type: "button", class: "stand link", onclick: () => send({ type: "stand" }) },
          gettext("Stand up")),
      );
    }
  }
}

function renderCenter() {
  const m = state.match;
  els.center.replaceChildren();
  const trickBox = h("div", { class: "trick" });
  let cards = [];
  let winner = null;
  if (m && showLastTrick && m.last_trick) {
    cards = m.last_trick.cards;
    winner = m.last_trick.winner;
    trickBox.classList.add("last");
    els.center.append(h("div", { class: "center-label" }, gettext("Last trick")));
  } else if (m) {
    cards = m.trick || [];
  }
  for (const play of cards) {
    const card = cardElement(play.card);
    card.classList.add("played", "at-" + posOf(play.seat));
    if (winner === play.seat) card.classList.add("winner");
    trickBox.append(card);
  }
  els.center.append(trickBox);

  if (!cards.length) {
    const note = centerNote(m);
    if (note) els.center.append(h("div", { class: "center-note" }, note));
  }
}

function centerNote(m) {
  const taken = state.room.seats.filter(Boolean).length;
  if (state.room.closed) return gettext("This room was closed by a moderator.");
  if (!m) return fmt(gettext("Waiting for players: %(n)s of 4 seated"), { n: taken });
  if (m.phase === "finished") return null;
  if (m.phase === "deal") return gettext("Dealing the next hand…");
  if (m.variant === "forty_one" && m.exposed_card && m.phase === "bidding") {
    return h("div", { class: "exposed" },
      cardElement(m.exposed_card),
      h("div", {}, gettext("Trump"), " ", suitLabel(m.trump)));
  }
  if (m.phase === "bidding") return gettext("Bidding");
  if (m.phase === "trump") return fmtNodes(gettext("%(name)s is choosing trump"), { name: nameNode(m.to_act) });
  return null;
}

function infoBlock(label, ...value) {
  return h("div", { class: "info-item" }, h("span", { class: "info-label" }, label), " ",
    h("span", { class: "info-value" }, ...value));
}

function renderInfo() {
  const m = state.match;
  const room = state.room;
  els.info.replaceChildren();
  const variant = room.variant === "classic" ? gettext("Classic Tarneeb") : gettext("Tarneeb 41");
  if (!m) {
    els.info.append(infoBlock(gettext("Game"), variant),
      infoBlock(gettext("Target"), String(room.target)));
    return;
  }
  // Contract and trump.
  if (m.variant === "classic") {
    const c = m.contract;
    els.info.append(
      infoBlock(gettext("Contract"), c
        ? h("span", {}, String(c.value), " · ", nameNode(c.seat),
          c.trump ? h("span", {}, " · ", suitLabel(c.trump)) : "")
        : gettext("none yet")),
    );
  } else {
    const total = (m.contract || []).reduce((sum, b) => sum + (b || 0), 0);
    els.info.append(infoBlock(gettext("Trump"), m.trump ? suitLabel(m.trump) : "–"));
    if (m.exposed_card) {
      const c = m.exposed_card;
      els.info.append(infoBlock(gettext("Exposed card"),
        h("span", { class: "mini-card " + (["D", "H"].includes(c[1]) ? "red" : "black"), dir: "ltr",
          "aria-label": cardName(c), role: "img", dataset: { card: c } },
        c[0] === "T" ? "10" : c[0], suitSymbol(c[1]))));
    }
    els.info.append(infoBlock(gettext("Bids total"), num(total)));
  }
  // Tricks and scores.
  if (m.variant === "classic") {
    els.info.append(
      infoBlock(gettext("Tricks"), teamScore(0, m.team_tricks[0]), " – ", teamScore(1, m.team_tricks[1])),
      infoBlock(gettext("Score"), teamScore(0, m.scores[0]), " – ", teamScore(1, m.scores[1]),
        " ", h("bdi", { class: "target", dir: "ltr" }, "/ " + m.target)),
    );
  } else {
    const s = m.scores;
    els.info.append(
      infoBlock(gettext("Teams"), teamScore(0, s[0] + s[2]), " – ", teamScore(1, s[1] + s[3]),
        " ", h("bdi", { class: "target", dir: "ltr" }, "/ " + m.target)),
    );
  }
  els.info.append(infoBlock(gettext("Hand"), num(m.hand_number)));
}

function teamScore(team, value) {
  return h("span", { class: "team-score team-" + team, title: teamLabel(team) },
    teamNode(team), " ", h("b", { dir: "ltr" }, String(value)));
}

function renderTurn() {
  const m = state.match;
  const mine = mySeat();
  els.turn.replaceChildren();
  let text = null;
  if (m && isLive(m) && m.to_act !== null) {
    const who = m.to_act === mine;
    if (m.phase === "bidding") {
      text = who ? gettext("Your turn to bid") : fmtNodes(gettext("%(name)s to bid"), { name: nameNode(m.to_act) });
    } else if (m.phase === "trump") {
      text = who ? gettext("Your turn to choose trump")
        : fmtNodes(gettext("%(name)s is choosing trump"), { name: nameNode(m.to_act) });
    } else {
      text = who ? gettext("Your turn to play") : fmtNodes(gettext("%(name)s to play"), { name: nameNode(m.to_act) });
    }
    els.turn.classList.toggle("mine", who);
    els.turn.append(h("span", { class: "turn-text" }, text));
    if (state.deadline) {
      els.turn.append(" ", h("span", { class: "clock", "data-countdown": "" }, String(secondsLeft())),
        h("span", { class: "unit" }, pgettext("seconds", "s")));
    }
    const key = m.id + ":" + state.v;
    if (who && key !== lastTurnKey && document.hidden) document.title = "● " + document.title.replace(/^● /, "");
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
  const info = mine === null ? null : seatInfo(mine);
  const away = Boolean(info && info.away && state.match && state.room.status === "playing");
  els.away.hidden = !away;
  if (away) {
    els.away.replaceChildren(
      h("span", {}, gettext("You were away: the timer is playing for you.")), " ",
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
    if (!state.match) note = gettext("Share this page's link to invite friends. The match starts when four players are seated.");
  }
  els.note.hidden = !note;
  els.note.textContent = note || "";
}

function summaryVisible(m) {
  const last = m && m.last_hand;
  if (!last || summaryClosed === last.hand_number) return false;
  if (m.phase === "deal" || m.phase === "finished") {
    if (!summarySeen.has(last.hand_number)) summarySeen.set(last.hand_number, Date.now());
    return true;
  }
  const seen = summarySeen.get(last.hand_number);
  return seen !== undefined && Date.now() - seen < SUMMARY_MS;
}

function renderSummary() {
  const m = state.match;
  const show = summaryVisible(m);
  const finished = m && m.phase === "finished";
  els.summary.hidden = !(show || finished);
  els.summary.replaceChildren();
  if (els.summary.hidden) {
    delete els.summary.dataset.hand;
    return;
  }
  if (finished) els.summary.append(winnerPanel(m));
  if (show) els.summary.append(handSummary(m, m.last_hand));
}

function winnerPanel(m) {
  const mine = mySeat();
  const team = m.winner;
  let title;
  if (team === null || team === undefined) title = gettext("Match over");
  else if (mine !== null && (mine & 1) === team) title = gettext("Your team wins the match!");
  else title = fmtNodes(gettext("%(team)s win the match"), { team: teamNode(team) });
  const panel = h("div", { class: "winner", id: "winner", role: "status" }, h("h2", {}, title));
  if (mine !== null) {
    panel.append(h("button", { type: "button", class: "primary", id: "rematch",
      onclick: () => send({ type: "rematch" }) }, gettext("Rematch")));
  }
  return panel;
}

function handSummary(m, last) {
  els.summary.dataset.hand = String(last.hand_number);
  const box = h("div", { class: "hand-summary", id: "hand-summary", dataset: { hand: String(last.hand_number) } });
  const close = h("button", { type: "button", class: "close link", "aria-label": gettext("Close"),
    onclick: () => { summaryClosed = last.hand_number; render(); } }, "×");
  box.append(close, h("h2", {}, fmt(gettext("Hand %(n)s"), { n: last.hand_number })));
  if (last.thrown_in) {
    box.append(h("p", {}, last.reason === "bids_under_11"
      ? gettext("Thrown in: the bids totalled less than 11. The same dealer deals again.")
      : gettext("Thrown in: everyone passed. The same dealer deals again.")));
    return box;
  }
  if (m.variant === "classic") {
    const c = last.contract;
    const team = c.seat & 1;
    const result = last.kaboot ? gettext("Kaboot: all 13 tricks!")
      : last.made ? gettext("Contract made") : gettext("Contract set");
    box.append(
      h("p", {}, fmtNodes(gettext("%(name)s bid %(n)s"), { name: nameNode(c.seat), n: c.value }),
        c.trump ? h("span", {}, " · ", suitLabel(c.trump)) : "", " · ",
        h("strong", { class: last.made ? "good" : "bad" }, result)),
    );
    const rows = [0, 1].map((t) =>
      h("tr", { class: t === team ? "bidders" : "" },
        h("th", { scope: "row" }, teamNode(t)),
        h("td", {}, num(last.team_tricks[t])),
        h("td", {}, num(signed(last.points[t]))),
        h("td", {}, num(last.scores[t]))));
    box.append(summaryTable([gettext("Team"), gettext("Tricks"), gettext("Points"), gettext("Total")], rows));
  } else {
    const rows = [0, 1, 2, 3].map((s) =>
      h("tr", { class: "team-" + (s & 1) },
        h("th", { scope: "row" }, nameNode(s)),
        h("td", {}, num(last.bids[s])),
        h("td", {}, num(last.tricks[s])),
        h("td", {}, num(signed(last.points[s]))),
        h("td", {}, num(last.scores[s]))));
    box.append(summaryTable([gettext("Player"), gettext("Bid"), gettext("Tricks"), gettext("Points"),
      gettext("Total")], rows));
  }
  return box;
}

function signed(n) {
  return n > 0 ? "+" + n : String(n);
}

function summaryTable(headings, rows) {
  return h("table", { class: "summary-table" },
    h("thead", {}, h("tr", {}, headings.map((t) => h("th", { scope: "col" }, t)))),
    h("tbody", {}, rows));
}

function renderActions() {
  const legal = state.legal || [];
  const busy = pendingV !== null;
  els.actions.replaceChildren();
  const bids = legal.filter((a) => a.type === "bid" || a.type === "pass");
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

function renderHand() {
  const m = state.match;
  const mine = mySeat();
  const hadFocus = els.hand.contains(document.activeElement) ? document.activeElement.dataset.card : null;
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
  const cards = sortHand(m.hand, m.trump);
  let focusTarget = null;
  let firstEnabled = null;
  for (const card of cards) {
    const el = cardElement(card, "button");
    el.type = "button";
    const ok = playable.has(card) && !busy;
    el.disabled = !ok;
    el.tabIndex = -1;
    if (playable.size && !playable.has(card)) el.classList.add("dimmed");
    if (m.trump && card[1] === m.trump) el.classList.add("trump");
    if (ok) {
      el.addEventListener("click", () => act({ type: "play", card }));
      if (!firstEnabled) firstEnabled = el;
      if (card === hadFocus) focusTarget = el;
    }
    els.hand.append(el);
  }
  const target = focusTarget || firstEnabled;
  if (target) target.tabIndex = 0;
  if (target && (hadFocus || document.activeElement === document.body)) target.focus({ preventScroll: true });
  els.hand.setAttribute("aria-label", playable.size
    ? gettext("Your hand: choose a card to play")
    : gettext("Your hand"));
}

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
  els.foot.append(last);

  const f = m.fairness || {};
  const sheet = "/matches/" + m.id + "/";
  const fair = h("div", { class: "fairness" });
  if (f.sha256) {
    fair.append(
      h("span", {}, fmt(gettext("Deal %(n)s commitment:"), { n: f.hand })), " ",
      h("code", { class: "hash", title: f.sha256, dir: "ltr" }, f.sha256.slice(0, 12)),
    );
  } else if (f.previous && f.previous.seed) {
    fair.append(h("span", {}, fmt(gettext("Deal %(n)s seed published."), { n: f.previous.hand })));
  }
  fair.append(" ",
    h("a", { href: sheet, target: "_blank", rel: "noopener",
      title: gettext("The score sheet checks each deal against its seed once the hand is over (see docs/fairness.md).") },
    gettext("Score sheet")));
  els.foot.append(fair);
}

// The countdowns tick without waiting for a new state; the summary times out.
setInterval(() => {
  if (!state) return;
  const left = secondsLeft();
  for (const el of document.querySelectorAll("[data-countdown]")) {
    el.textContent = left === null ? "" : String(left);
    el.classList.toggle("urgent", left !== null && left <= 5);
  }
  const m = state.match;
  if (m && m.last_hand && !els.summary.hidden !== (summaryVisible(m) || m.phase === "finished")) render();
}, 250);

// ------------------------------------------------------------------ start

function onStatus(status) {
  root.dataset.conn = status;
  els.conn.hidden = status === "open";
  if (status === "open") {
    els.conn.textContent = "";
    return;
  }
  els.conn.textContent = {
    connecting: gettext("Connecting…"),
    reconnecting: gettext("Connection lost: reconnecting…"),
    closed: gettext("Connection lost: reconnecting…"),
    gone: gettext("This room does not exist."),
  }[status];
  if (status !== "connecting") pendingV = null;
}

const socket = new LiveSocket(root.dataset.ws, { onMessage, onStatus });
window.tarneebTable = { get state() { return state; } };
