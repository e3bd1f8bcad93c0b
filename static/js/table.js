// The card table's drawing, shared by live play (room.js) and the replay (replay.js).
//
// It draws a `state` message of docs/protocol.md: seats, the trick, the info bar, whose
// turn it is and a hand's summary. The table is always drawn from the viewer's seat: you
// at the bottom, your partner at the top, the next player (seat + 1) on the right and
// seat + 3 on the left. Spectators and the replay see it from seat 0. The table grid is
// dir="ltr" so Arabic flips the text, not the table.

import { cardElement, cardName, sortHand, suitOrder, suitSymbol, suitTitle, rankLabel } from "./cards.js";
import { botBadge, fmt, fmtNodes, h, num, seatName, userText } from "./dom.js";

const POSITIONS = ["bottom", "right", "top", "left"];

export const isLive = (m) => Boolean(m) && ["bidding", "trump", "playing"].includes(m.phase);
// A hand that is being played: live, and its room not closed by a moderator mid-hand.
const inPlay = (state) => isLive(state.match) && !state.room.closed;

export function suitLabel(suit) {
  return h("span", { class: "suit-label" }, suitSymbol(suit), " ", suitTitle(suit));
}

export function signed(n) {
  return n > 0 ? "+" + n : String(n);
}

function summaryTable(headings, rows) {
  return h("table", { class: "summary-table" },
    h("thead", {}, h("tr", {}, headings.map((t) => h("th", { scope: "col" }, t)))),
    h("tbody", {}, rows));
}

function infoBlock(label, ...value) {
  return h("div", { class: "info-item" }, h("span", { class: "info-label" }, label), " ",
    h("span", { class: "info-value" }, ...value));
}

export class Table {
  // `root` holds #turn, #info, #table (with its four .seat and #center) and #summary.
  constructor(root) {
    this.els = Object.fromEntries(["turn", "info", "table", "center", "summary"].map(
      (id) => [id, root.querySelector("#" + id)]));
    this.seatEls = Object.fromEntries(
      POSITIONS.map((pos) => [pos, this.els.table.querySelector(`.seat[data-pos="${pos}"]`)]));
    this.state = null;
    this.offline = new Set(); // seats whose page is closed (a `presence` message)
  }

  // ---------------------------------------------------------------- who is where

  mySeat() {
    return this.state && this.state.you ? this.state.you.seat : null;
  }

  posOf(seat) {
    const base = this.mySeat() === null ? 0 : this.mySeat();
    return POSITIONS[(seat - base + 4) % 4];
  }

  seatInfo(seat) {
    return (this.state && this.state.room.seats[seat]) || null;
  }

  nameOf(seat) {
    const info = this.seatInfo(seat);
    return info ? seatName(info) : fmt(gettext("Seat %(n)s"), { n: seat + 1 });
  }

  // Long names are cut to fit a seat; the whole name is in the title.
  nameNode(seat) {
    const node = userText(this.nameOf(seat));
    node.title = this.nameOf(seat);
    return node;
  }

  isMyTeam(team) {
    const mine = this.mySeat();
    return mine !== null && (mine & 1) === team;
  }

  // "alice & carol", or "Your team" for the viewer's (as plain text, for titles).
  teamLabel(team) {
    if (this.isMyTeam(team)) return gettext("Your team");
    return fmt(gettext("%(a)s & %(b)s"), { a: this.nameOf(team), b: this.nameOf(team + 2) });
  }

  teamNode(team) {
    if (this.isMyTeam(team)) return h("span", { class: "team-name" }, gettext("Your team"));
    const node = fmtNodes(gettext("%(a)s & %(b)s"), { a: this.nameNode(team), b: this.nameNode(team + 2) });
    node.className = "team-name";
    return node;
  }

  // ---------------------------------------------------------------- the seats

  // `extra(seat, el)` adds what only the caller draws (sit buttons, a face-up hand);
  // `clock` is the seconds left for the seat to act, or null.
  drawSeats({ extra = null, clock = null } = {}) {
    const m = this.state.match;
    const mine = this.mySeat();
    for (let seat = 0; seat < 4; seat++) {
      const el = this.seatEls[this.posOf(seat)];
      const info = this.seatInfo(seat);
      el.dataset.seat = String(seat);
      el.className = "seat team-" + (seat & 1);
      el.classList.toggle("empty", !info);
      el.classList.toggle("me", seat === mine);
      el.classList.toggle("to-act", inPlay(this.state) && m.to_act === seat);
      el.replaceChildren();

      const head = h("div", { class: "seat-head" });
      if (info) {
        head.append(this.nameNode(seat));
        if (info.bot) head.append(botBadge(info.bot));
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
      const badges = this.seatBadges(m, seat, clock);
      if (badges.childElementCount) el.append(badges);
      if (extra) extra(seat, el);
    }
  }

  seatBadges(m, seat, clock) {
    const badges = h("div", { class: "seat-badges" });
    const info = this.seatInfo(seat);
    if (info && info.removed) badges.append(h("span", { class: "chip removed-chip" }, gettext("removed")));
    else if (info && info.left) badges.append(h("span", { class: "chip away-chip" }, gettext("left")));
    else if (info && info.away) badges.append(h("span", { class: "chip away-chip" }, gettext("away")));
    else if (info && this.offline.has(seat)) {
      badges.append(h("span", { class: "chip offline-chip" }, gettext("disconnected")));
    }
    // A standard bot plays for an away or removed player until they come back.
    if (info && (info.away || info.removed) && inPlay(this.state)) {
      badges.append(h("span", { class: "chip bot-chip" }, gettext("a bot plays")));
    }
    if (!m || m.hand_number === 0) return badges;
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
    if (isLive(m) && seat !== this.mySeat()) {
      badges.append(
        h("span", { class: "chip cards-left", title: gettext("Cards in hand") },
          h("span", { class: "mini-back", "aria-hidden": "true" }), String(m.cards_left[seat])),
      );
    }
    if (m.to_act === seat && inPlay(this.state) && clock !== null) {
      badges.append(h("span", { class: "chip clock", "data-countdown": "" }, String(clock)));
    }
    return badges;
  }

  // A hand face up, one line a suit (as hand records print it), for the replay.
  faceUpHand(cards, trump) {
    const box = h("div", { class: "open-hand", role: "list", dir: "ltr" });
    const sorted = sortHand(cards, trump);
    for (const suit of suitOrder(trump)) {
      const ranks = sorted.filter((card) => card[1] === suit);
      const line = h("div", { class: "suit-line", role: "listitem", "aria-label": ranks.length
        ? ranks.map(cardName).join(", ") : fmt(gettext("No %(suit)s"), { suit: suitTitle(suit) }) },
      suitSymbol(suit));
      for (const card of ranks) line.append(h("span", { class: "rank", dataset: { card } }, rankLabel(card[0])));
      if (!ranks.length) line.append(h("span", { class: "rank void", "aria-hidden": "true" }, "—"));
      box.append(line);
    }
    return box;
  }

  // ---------------------------------------------------------------- the middle

  // `trick` is {cards, winner} to show a finished trick (the last one), else the current;
  // `label` names it as the last trick.
  drawCenter(trick = null, { label = true } = {}) {
    const m = this.state.match;
    const center = this.els.center;
    center.replaceChildren();
    const trickBox = h("div", { class: "trick" });
    let cards = m ? m.trick || [] : [];
    if (trick) {
      cards = trick.cards;
      trickBox.classList.add("finished");
      if (label) center.append(h("div", { class: "center-label" }, gettext("Last trick")));
    }
    for (const play of cards) {
      const card = cardElement(play.card);
      card.dataset.seat = String(play.seat);
      card.classList.add("played", "at-" + this.posOf(play.seat));
      if (trick && trick.winner === play.seat) card.classList.add("winner");
      trickBox.append(card);
    }
    center.append(trickBox);
    if (this.state.room.closed && cards.length) {
      center.append(h("div", { class: "center-note closed-note", role: "status" },
        gettext("This room was closed by a moderator.")));
    } else if (!cards.length) {
      const note = this.centerNote(m);
      if (note) center.append(h("div", { class: "center-note" }, note));
    }
  }

  centerNote(m) {
    const room = this.state.room;
    const taken = room.seats.filter(Boolean).length;
    if (room.closed) return gettext("This room was closed by a moderator.");
    if (!m) return fmt(gettext("Waiting for players: %(n)s of 4 seated"), { n: taken });
    if (m.phase === "finished") return null;
    if (m.phase === "deal") return gettext("Dealing the next hand…");
    if (m.variant === "forty_one" && m.exposed_card && m.phase === "bidding") {
      return h("div", { class: "exposed" },
        cardElement(m.exposed_card),
        h("div", {}, gettext("Trump"), " ", suitLabel(m.trump)));
    }
    if (m.phase === "bidding") return gettext("Bidding");
    if (m.phase === "trump") return fmtNodes(gettext("%(name)s is choosing trump"), { name: this.nameNode(m.to_act) });
    return null;
  }

  // ---------------------------------------------------------------- the info bar

  drawInfo() {
    const m = this.state.match;
    const room = this.state.room;
    const info = this.els.info;
    info.replaceChildren();
    const variant = room.variant === "classic" ? gettext("Classic Tarneeb") : gettext("Tarneeb 41");
    if (!m) {
      info.append(infoBlock(gettext("Game"), variant), infoBlock(gettext("Target"), String(room.target)));
      return;
    }
    if (m.variant === "classic") {
      const c = m.contract;
      info.append(
        infoBlock(gettext("Contract"), c
          ? h("span", {}, String(c.value), " · ", this.nameNode(c.seat),
            c.trump ? h("span", {}, " · ", suitLabel(c.trump)) : "")
          : gettext("none yet")),
      );
    } else {
      const total = (m.contract || []).reduce((sum, b) => sum + (b || 0), 0);
      info.append(infoBlock(gettext("Trump"), m.trump ? suitLabel(m.trump) : "–"));
      if (m.exposed_card) {
        const c = m.exposed_card;
        info.append(infoBlock(gettext("Exposed card"),
          h("span", { class: "mini-card " + (["D", "H"].includes(c[1]) ? "red" : "black"), dir: "ltr",
            "aria-label": cardName(c), role: "img", dataset: { card: c } },
          rankLabel(c[0]), suitSymbol(c[1]))));
      }
      info.append(infoBlock(gettext("Bids total"), num(total)));
    }
    if (m.variant === "classic") {
      info.append(
        infoBlock(gettext("Tricks"), this.teamScore(0, m.team_tricks[0]), " – ", this.teamScore(1, m.team_tricks[1])),
        infoBlock(gettext("Score"), this.teamScore(0, m.scores[0], m.target), " – ",
          this.teamScore(1, m.scores[1], m.target)),
      );
    } else {
      const s = m.scores;
      info.append(
        infoBlock(gettext("Teams"), this.teamScore(0, s[0] + s[2], m.target), " – ",
          this.teamScore(1, s[1] + s[3], m.target)),
      );
    }
    info.append(infoBlock(gettext("Hand"), num(m.hand_number)));
  }

  // "39 / 41" is one left-to-right run, so Arabic reads it in the same visual order.
  teamScore(team, value, target = null) {
    const figure = h("bdi", { dir: "ltr", class: "figure" }, h("b", {}, String(value)),
      target === null ? "" : h("span", { class: "target" }, " / " + target));
    return h("span", { class: "team-score team-" + team, title: this.teamLabel(team) },
      this.teamNode(team), " ", figure);
  }

  // ---------------------------------------------------------------- whose turn

  // The sentence for the seat to act ("Your turn to bid", "alice to play"), or null.
  turnText() {
    const m = this.state.match;
    if (!inPlay(this.state) || m.to_act === null) return null;
    const who = m.to_act === this.mySeat();
    const name = { name: this.nameNode(m.to_act) };
    if (m.phase === "bidding") return who ? gettext("Your turn to bid") : fmtNodes(gettext("%(name)s to bid"), name);
    if (m.phase === "trump") {
      return who ? gettext("Your turn to choose trump") : fmtNodes(gettext("%(name)s is choosing trump"), name);
    }
    return who ? gettext("Your turn to play") : fmtNodes(gettext("%(name)s to play"), name);
  }

  // ---------------------------------------------------------------- a hand's end

  winnerPanel(m, ...extra) {
    const team = m.winner;
    let title;
    if (team === null || team === undefined) title = gettext("Match over");
    else if (this.isMyTeam(team)) title = gettext("Your team wins the match!");
    else title = fmtNodes(gettext("%(team)s win the match"), { team: this.teamNode(team) });
    return h("div", { class: "winner", id: "winner", role: "status" }, h("h2", {}, title), ...extra);
  }

  // The hand's result in one line, for when the next hand is under way.
  handLine(m, last) {
    const parts = [fmt(gettext("Hand %(n)s"), { n: last.hand_number })];
    if (last.thrown_in) {
      parts.push(gettext("thrown in"));
    } else if (m.variant === "classic") {
      const c = last.contract;
      parts.push(fmtNodes(gettext("%(name)s bid %(n)s"), { name: this.nameNode(c.seat), n: c.value }),
        last.kaboot ? gettext("Kaboot: all 13 tricks!") : last.made ? gettext("Contract made") : gettext("Contract set"),
        h("bdi", { dir: "ltr" }, last.points.map(signed).join(" / ")));
    } else {
      parts.push(h("span", {}, ...[0, 1, 2, 3].flatMap((s) => [s ? ", " : "", this.nameNode(s), " ",
        h("bdi", { dir: "ltr" }, signed(last.points[s]))])));
    }
    return h("span", { class: "hand-line" }, ...parts.flatMap((part, i) => (i ? [" · ", part] : [part])));
  }

  // `close` is the summary's close button, or null where it cannot be closed.
  handSummary(m, last, close = null) {
    const box = h("div", { class: "hand-summary", id: "hand-summary", dataset: { hand: String(last.hand_number) } });
    box.append(close || "", h("h2", {}, fmt(gettext("Hand %(n)s"), { n: last.hand_number })));
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
        h("p", {}, fmtNodes(gettext("%(name)s bid %(n)s"), { name: this.nameNode(c.seat), n: c.value }),
          c.trump ? h("span", {}, " · ", suitLabel(c.trump)) : "", " · ",
          h("strong", { class: last.made ? "good" : "bad" }, result)),
      );
      const rows = [0, 1].map((t) =>
        h("tr", { class: t === team ? "bidders" : "" },
          h("th", { scope: "row" }, this.teamNode(t)),
          h("td", {}, num(last.team_tricks[t])),
          h("td", {}, num(signed(last.points[t]))),
          h("td", {}, num(last.scores[t]))));
      box.append(summaryTable([gettext("Team"), gettext("Tricks"), gettext("Points"), gettext("Total")], rows));
    } else {
      const rows = [0, 1, 2, 3].map((s) =>
        h("tr", { class: "team-" + (s & 1) },
          h("th", { scope: "row" }, this.nameNode(s)),
          h("td", {}, num(last.bids[s])),
          h("td", {}, num(last.tricks[s])),
          h("td", {}, num(signed(last.points[s]))),
          h("td", {}, num(last.scores[s]))));
      box.append(summaryTable([gettext("Player"), gettext("Bid"), gettext("Tricks"), gettext("Points"),
        gettext("Total")], rows));
    }
    return box;
  }
}

// The seat's latest call in this hand's auction: a number, "pass", or null.
export function seatBid(m, seat) {
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
