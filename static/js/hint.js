// A learner's hint (docs/protocol.md, "hint"): at a casual table (a bot seated, never rated)
// the player may ask, on their own turn, what the expert would do; the answer shows the
// card or bid and why in a line, until the table moves on.

import { cardName, suitTitle } from "./cards.js";
import { fmt, h } from "./dom.js";

const HINT_ERRORS = new Set(["hint_not_seated", "hint_rated", "hint_not_your_turn", "hints_too_fast"]);

function actionText(action) {
  if (action.type === "play") return cardName(action.card);
  if (action.type === "trump") return fmt(gettext("Trump: %(suit)s"), { suit: suitTitle(action.suit) });
  if (action.type === "pass") return gettext("Pass");
  return fmt(gettext("Bid %(n)s"), { n: action.value });
}

export class Hint {
  // `root` is the (hidden) box above the bid buttons and the hand; `send` sends a message.
  constructor(root, send) {
    this.root = root;
    this.send = send;
    this.v = null; // the table's version the button and line are for
    this.asked = false;
    this.button = h("button", { type: "button", class: "button small hint-ask" }, gettext("Hint"));
    this.line = h("p", { class: "hint-line", "aria-live": "polite" });
    this.button.addEventListener("click", () => {
      if (!this.asked && this.send({ type: "hint" })) {
        this.asked = true;
        this.button.disabled = true;
      }
    });
    root.replaceChildren(this.button, this.line);
  }

  // The table's state: the button shows on the player's turn at a casual table.
  update(state, seat) {
    const casual = Boolean(state.room.seats.some((info) => info && info.bot));
    const myTurn = seat !== null && state.legal.length > 0;
    this.root.hidden = !(casual && myTurn);
    if (this.v !== state.v) {
      this.v = state.v;
      this.asked = false;
      this.button.disabled = false;
      this.line.replaceChildren();
    }
  }

  // True when the message was the hint's (an answer, or a refusal of one).
  onMessage(message) {
    if (message.type === "hint") {
      if (message.v !== this.v) return true; // the table moved on meanwhile
      this.line.replaceChildren(h("strong", {}, actionText(message.action)), " ", message.text);
      return true;
    }
    if (message.type === "error" && HINT_ERRORS.has(message.code)) {
      this.asked = false;
      this.button.disabled = false;
      this.line.replaceChildren(message.message);
      return true;
    }
    return false;
  }
}
