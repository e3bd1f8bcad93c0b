// The replay's double-dummy review of a hand (analysis/, docs/records.md, *Hand analysis*):
// every card marked by its cost, the best cards at each step, the chart of a team's tricks,
// the hand's summary line, and each Classic call's verdict.
//
// A hand is analysed seconds after it ends, on a queue of its own: the page says which
// hands were analysed when it was served (data-analysed); for any other, the review says
// "pending" and asks /matches/<id>/analysis.json every few seconds until it is there, then
// draws it with no reload (after a few minutes it stops and offers to look again).

import { RED, SUIT_SYMBOL, rankLabel } from "./cards.js";
import { fmt, fmtNodes, h, num } from "./dom.js";
import { drawChart } from "./replay_chart.js";

const POLL_MS = 5000;
const POLLS = 60; // five minutes

// A card's cost as a symbol, a word and a colour (the class), as Lichess marks moves.
export function costMark(cost) {
  if (cost <= 0) return { symbol: "✓", word: gettext("best"), cls: "cost-0" };
  if (cost === 1) return { symbol: "?", word: gettext("mistake"), cls: "cost-1" };
  return { symbol: "??", word: gettext("blunder"), cls: "cost-2" };
}

function costText(cost) {
  return cost <= 0 ? gettext("No other card was better, double dummy.")
    : fmt(ngettext("It cost %(n)s trick, double dummy.", "It cost %(n)s tricks, double dummy.", cost), { n: cost });
}

function markNode(card) {
  const mark = costMark(card.cost);
  return h("span", { class: "dd-mark " + mark.cls, title: costText(card.cost) },
    h("span", { class: "dd-symbol", "aria-hidden": "true" }, mark.symbol), " ", mark.word);
}

export function cardText(card) {
  return h("bdi", { class: "card-text " + (RED.has(card[1]) ? "red" : "black"), dir: "ltr" },
    rankLabel(card[0]), SUIT_SYMBOL[card[1]]);
}

function cardList(cards) {
  const out = h("span", { class: "dd-cards" });
  cards.forEach((card, i) => out.append(i ? " " : "", cardText(card)));
  return out;
}

function resultText(result) {
  if (result > 0) return fmt(gettext("made +%(n)s"), { n: result });
  if (result === 0) return gettext("made");
  return fmt(gettext("down %(n)s"), { n: -result });
}

export class ReplayAnalysis {
  // `table` names the seats; `onChange()` redraws the replay when a hand's analysis
  // arrives; `onPick(k)` goes to the position after card k (0: before the first card).
  constructor(root, { matchId, analysed, table, onChange, onPick }) {
    this.box = root.querySelector("#analysis");
    this.els = { summary: this.box.querySelector("#analysis-summary"),
      chart: this.box.querySelector("#analysis-chart"), now: this.box.querySelector("#analysis-now") };
    Object.assign(this, { matchId, table, onChange, onPick });
    this.ready = new Set(analysed);
    this.data = new Map(); // hand number -> its analysis, with lookups
    this.failed = new Set();
    this.hand = null;
    this.finished = true;
    this.polls = 0;
    this.timer = null;
    this.chartArgs = null;
    this.els.key = h("p", { class: "chart-key" });
    this.els.chart.after(this.els.key);
    new ResizeObserver(() => this.chartArgs && drawChart(this.els.chart, this.chartArgs)).observe(this.els.chart);
  }

  // ---------------------------------------------------------------- fetching

  // The replay shows hand `number` (`finished` false for one a moderator cut short).
  show(number, finished) {
    this.hand = number;
    this.finished = finished;
    if (!finished || this.data.has(number) || this.failed.has(number)) return;
    if (this.ready.has(number)) this.fetch(number);
    else this.wait(false);
  }

  async fetch(number) {
    try {
      const response = await fetch(`/matches/${this.matchId}/hands/${number}/analysis.json`,
        { credentials: "same-origin" });
      if (!response.ok) throw new Error(String(response.status));
      this.data.set(number, prepare(await response.json()));
    } catch {
      this.failed.add(number);
    }
    if (number === this.hand) this.onChange();
  }

  // Asks which hands are analysed every POLL_MS until the shown one is, POLLS times.
  wait(now) {
    if (this.timer !== null) return;
    this.polls = 0;
    this.timer = setTimeout(() => this.poll(), now ? 0 : POLL_MS);
  }

  async poll() {
    this.timer = null;
    const number = this.hand;
    if (!this.finished || this.data.has(number)) return;
    this.polls += 1;
    try {
      const response = await fetch(`/matches/${this.matchId}/analysis.json`,
        { credentials: "same-origin", cache: "no-store" });
      if (response.ok) for (const hand of (await response.json()).hands) this.ready.add(hand);
    } catch {
      // The next poll tries again.
    }
    if (this.ready.has(this.hand)) {
      this.fetch(this.hand);
    } else if (this.polls < POLLS) {
      this.timer = setTimeout(() => this.poll(), POLL_MS);
    } else {
      this.onChange(); // "not analysed yet", with a button to look again
    }
  }

  current() {
    return this.data.get(this.hand) || null;
  }

  // ---------------------------------------------------------------- what the replay asks

  // The mark for the move of log position `seq`, if it is an analysed card.
  markFor(seq) {
    const data = this.current();
    const card = data && data.bySeq.get(seq);
    return card ? markNode(card) : null;
  }

  // Classic: the verdict on the `index`th call of the auction (a bid or a pass), if any.
  callMark(index) {
    const data = this.current();
    const call = data && data.classic && data.classic.calls[index];
    if (!call || !call.verdict) return null;
    const over = call.verdict === "overreached";
    return h("span", { class: "dd-mark call " + (over ? "cost-2" : "cost-1"),
      title: fmt(gettext("Their team makes %(n)s tricks at best with this player declaring."), { n: call.makes }) },
    h("span", { class: "dd-symbol", "aria-hidden": "true" }, over ? "↑" : "↓"), " ",
    over ? gettext("overreached") : gettext("stopped short"));
  }

  // ---------------------------------------------------------------- drawing

  // `positions` and `at`: the replay's hand and position; `viewFrom`: the seat at the
  // bottom, whose team the chart follows.
  draw({ positions, at, viewFrom }) {
    const data = this.current();
    const state = !this.finished ? "none" : data ? "ready" : this.failed.has(this.hand) ? "failed"
      : this.timer === null && this.polls >= POLLS ? "late" : "pending";
    this.box.dataset.state = state;
    this.box.dataset.hand = String(this.hand);
    this.chartArgs = null;
    if (state !== "ready") {
      this.els.summary.replaceChildren();
      this.els.chart.replaceChildren();
      this.els.key.replaceChildren();
      this.els.now.replaceChildren(this.stateText(state));
      return;
    }
    const team = viewFrom & 1;
    const played = positions.slice(1, at + 1).filter((p) => p.move.action.type === "play").length;
    this.drawSummary(data);
    this.drawChart(data, positions, played, team);
    this.drawNow(data, positions, at, played);
    this.decorate(data, positions[at], played);
  }

  stateText(state) {
    if (state === "none") return gettext("No review: this hand was not finished.");
    if (state === "pending") {
      return h("span", { class: "dd-pending" }, h("span", { class: "spinner", "aria-hidden": "true" }),
        gettext("Analysis pending: each hand is reviewed a few seconds after it ends. It will appear here."));
    }
    const again = h("button", { type: "button", class: "link-button", onclick: () => {
      this.failed.delete(this.hand);
      this.polls = 0;
      this.onChange();
      this.wait(true);
    } }, gettext("Check again"));
    const text = state === "late" ? gettext("This hand has not been analysed yet.")
      : gettext("The analysis could not be loaded.");
    return h("span", {}, text, " ", again);
  }

  drawSummary(data) {
    const t = this.table;
    const parts = [];
    if (data.thrown_in) {
      parts.push(gettext("Thrown in: no card was played."));
    } else if (data.variant === "classic") {
      const c = data.classic;
      const par = c.par.reduce((a, b) => (b.tricks > a.tricks ? b : a));
      const suits = [...new Set(par.declarers.map((d) => d.trump))].map((s) => SUIT_SYMBOL[s]).join(" ");
      parts.push(par.contract ? fmtNodes(gettext("Par: %(team)s %(n)s %(suits)s"),
        { team: t.teamNode(par.team), n: num(par.contract), suits })
        : gettext("Par: no contract of 7 makes"));
      const k = c.contract;
      parts.push(fmtNodes(gettext("Contract %(bid)s %(suit)s by %(name)s: double dummy %(result)s"),
        { bid: num(k.bid), suit: SUIT_SYMBOL[k.trump], name: t.nameNode(k.seat), result: resultText(k.result) }));
      if (!c.trump_choice.best.includes(c.trump_choice.chosen)) {
        parts.push(fmt(gettext("%(suits)s was the better trump"),
          { suits: c.trump_choice.best.map((s) => SUIT_SYMBOL[s]).join(" ") }));
      }
    } else {
      const tricks = data.table.tricks[data.trump];
      parts.push(fmtNodes(gettext("Double dummy: %(a)s %(x)s tricks, %(b)s %(y)s"),
        { a: t.teamNode(0), x: num(tricks[0]), b: t.teamNode(1), y: num(tricks[1]) }));
    }
    if (data.points) {
      parts.push(fmtNodes(gettext("Points %(actual)s, double dummy %(dd)s"),
        { actual: num(data.points.actual.join(" / ")), dd: num(data.points.double_dummy.join(" / ")) }));
    }
    const costly = data.cards.flatMap((card, i) => (card.cost > 0 ? [[card, i]] : []));
    if (!data.thrown_in) {
      if (!costly.length) parts.push(gettext("No card cost a trick"));
      else {
        const list = h("span", { class: "dd-costly" });
        costly.forEach(([card, i], n) => list.append(n ? ", " : "", h("button", {
          type: "button", class: "link-button dd-jump " + costMark(card.cost).cls,
          title: costText(card.cost), onclick: () => this.onPick(i + 1),
        }, t.nameNode(card.seat), " ", cardText(card.card), " ", num("−" + card.cost))));
        parts.push(fmtNodes(ngettext("%(n)s costly card: %(list)s", "%(n)s costly cards: %(list)s", costly.length),
          { n: num(costly.length), list }));
      }
    }
    this.els.summary.replaceChildren();
    parts.forEach((part, i) => this.els.summary.append(i ? " · " : "", part));
  }

  drawChart(data, positions, played, team) {
    if (!data.cards.length) {
      this.els.chart.replaceChildren();
      this.els.key.replaceChildren();
      return;
    }
    const mine = (card, tricks) => ((card.seat & 1) === team ? tricks : 13 - tricks);
    const values = [mine(data.cards[0], data.cards[0].before), ...data.cards.map((card) => mine(card, card.after))];
    let target = null;
    if (data.classic && data.classic.contract) {
      const k = data.classic.contract;
      target = (k.seat & 1) === team ? k.bid : 14 - k.bid; // to make it, or to beat it
    } else if (data.forty_one) {
      target = Math.min(13, data.forty_one.bids[team].bid + data.forty_one.bids[team + 2].bid);
    }
    const marks = data.cards.flatMap((card, i) => (card.cost > 0 ? [{
      k: i + 1, cost: card.cost, ours: (card.seat & 1) === team,
      title: `${this.table.nameOf(card.seat)} ${card.card}: ${costMark(card.cost).word}. ${costText(card.cost)}`,
    }] : []));
    const label = fmt(gettext("Double-dummy tricks of %(team)s, card by card: %(first)s before the first card, %(last)s at the end."),
      { team: this.table.teamLabel(team), first: values[0], last: values[values.length - 1] });
    this.chartArgs = { values, marks, at: played, target, label, onPick: this.onPick };
    drawChart(this.els.chart, this.chartArgs);
    this.els.key.replaceChildren(fmtNodes(
      gettext("%(team)s: tricks with best play, card by card. Filled dots: their costly cards; hollow: the other team's. Dashed: what they need."),
      { team: this.table.teamNode(team) }));
  }

  drawNow(data, positions, at, played) {
    const t = this.table;
    const p = positions[at];
    const out = [];
    const a = p.move.action;
    if (at > 0 && a.type === "play") {
      const card = data.byCard.get(a.card);
      out.push(fmtNodes(gettext("%(name)s played %(card)s: %(mark)s."),
        { name: t.nameNode(p.move.seat), card: cardText(a.card), mark: markNode(card) }));
      if (card.cost > 0) {
        out.push(fmt(gettext("Their team could take %(before)s tricks, now %(after)s."),
          { before: card.before, after: card.after }));
        out.push(fmtNodes(gettext("Best: %(cards)s."), { cards: cardList(card.best) }));
      }
    } else if (at > 0 && (a.type === "bid" || a.type === "pass") && data.classic) {
      const index = positions.slice(1, at + 1).filter((q) => ["bid", "pass"].includes(q.move.action.type)).length - 1;
      const call = data.classic.calls[index];
      if (call && call.verdict === "overreached") {
        out.push(fmtNodes(gettext("%(name)s overreached: their team makes %(n)s tricks at best."),
          { name: t.nameNode(call.seat), n: num(call.makes) }));
      } else if (call && call.verdict === "stopped_short") {
        out.push(fmtNodes(gettext("%(name)s stopped short: their team could have made %(n)s."),
          { name: t.nameNode(call.seat), n: num(call.makes) }));
      }
    }
    const next = data.cards[played];
    if (next && p.view.phase === "playing") {
      out.push(fmtNodes(gettext("Next, %(name)s: best %(cards)s (their team can take %(n)s tricks)."),
        { name: t.nameNode(next.seat), cards: cardList(next.best), n: num(next.before) }));
    }
    this.els.now.replaceChildren();
    out.forEach((part, i) => this.els.now.append(i ? " " : "", part));
  }

  // The trick's cards get their mark; the best cards of the seat to play are outlined.
  decorate(data, p, played) {
    for (const el of this.table.els.center.querySelectorAll(".card[data-card]")) {
      const card = data.byCard.get(el.dataset.card);
      if (!card) continue;
      const mark = costMark(card.cost);
      el.append(h("span", { class: "dd-badge " + mark.cls, title: mark.word, "aria-hidden": "true" }, mark.symbol));
      el.setAttribute("aria-label", `${el.getAttribute("aria-label")}, ${mark.word}`);
    }
    const next = data.cards[played];
    if (!next || p.view.phase !== "playing") return;
    const seat = this.table.seatEls[this.table.posOf(next.seat)];
    for (const card of next.best) {
      const el = seat.querySelector(`.open-hand [data-card="${card}"]`);
      if (el) {
        el.classList.add("dd-best");
        el.title = gettext("Best card, double dummy");
      }
    }
  }
}

// The analysis with its cards found by move and by card (each card is played once a hand).
function prepare(data) {
  return { ...data, bySeq: new Map(data.cards.map((card) => [card.seq, card])),
    byCard: new Map(data.cards.map((card) => [card.card, card])) };
}
