// Cards: names, symbols, sorting and the card element. Uses the global gettext
// and interpolate of Django's JavaScript catalogue (/jsi18n/).

const _ = (s) => gettext(s);

export const SUITS = ["C", "D", "H", "S"];
export const SUIT_SYMBOL = { C: "♣", D: "♦", H: "♥", S: "♠" };
export const RED = new Set(["D", "H"]);
const RANKS = "23456789TJQKA";
const RANK_LABEL = { T: "10" };

// Lower-case suit names, as used inside a card's name ("Queen of hearts").
export function suitName(suit) {
  return {
    C: _("clubs"),
    D: _("diamonds"),
    H: _("hearts"),
    S: _("spades"),
  }[suit];
}

// Suit names on their own (a trump button, the contract).
export function suitTitle(suit) {
  return {
    C: _("Clubs"),
    D: _("Diamonds"),
    H: _("Hearts"),
    S: _("Spades"),
  }[suit];
}

export function rankName(rank) {
  return {
    A: _("Ace"),
    K: _("King"),
    Q: _("Queen"),
    J: _("Jack"),
    T: _("Ten"),
    9: _("Nine"),
    8: _("Eight"),
    7: _("Seven"),
    6: _("Six"),
    5: _("Five"),
    4: _("Four"),
    3: _("Three"),
    2: _("Two"),
  }[rank];
}

export function cardName(card) {
  return interpolate(
    gettext("%(rank)s of %(suit)s"),
    { rank: rankName(card[0]), suit: suitName(card[1]) },
    true,
  );
}

export function rankLabel(rank) {
  return RANK_LABEL[rank] || rank;
}

// Suits alternate colours where they can, trump first: S H C D without trump.
const BASE_ORDER = ["S", "H", "C", "D"];

export function suitOrder(trump) {
  if (!trump) return BASE_ORDER;
  const rest = BASE_ORDER.filter((s) => s !== trump);
  // Keep the colours alternating after trump when possible.
  const other = rest.filter((s) => RED.has(s) !== RED.has(trump));
  const same = rest.filter((s) => RED.has(s) === RED.has(trump));
  return [trump, other[0], same[0], other[1]].filter(Boolean);
}

export function sortHand(cards, trump) {
  const order = suitOrder(trump);
  return [...cards].sort((a, b) => {
    const bySuit = order.indexOf(a[1]) - order.indexOf(b[1]);
    if (bySuit) return bySuit;
    return RANKS.indexOf(b[0]) - RANKS.indexOf(a[0]);
  });
}

// A face-up card; `tag` "button" for a playable hand card, "div" for a shown one.
export function cardElement(card, tag = "div") {
  const el = document.createElement(tag);
  const suit = card[1];
  el.className = "card " + (RED.has(suit) ? "red" : "black");
  el.dataset.card = card;
  el.setAttribute("aria-label", cardName(card));
  if (tag !== "button") el.setAttribute("role", "img");
  el.dir = "ltr";
  const corner = document.createElement("span");
  corner.className = "corner";
  corner.setAttribute("aria-hidden", "true");
  corner.append(rankLabel(card[0]), document.createElement("br"), SUIT_SYMBOL[suit]);
  const pip = document.createElement("span");
  pip.className = "pip";
  pip.setAttribute("aria-hidden", "true");
  pip.textContent = SUIT_SYMBOL[suit];
  el.append(corner, pip);
  return el;
}

export function suitSymbol(suit) {
  const span = document.createElement("span");
  span.className = "suit " + (RED.has(suit) ? "red" : "black");
  span.dataset.suit = suit; // the four-colour deck's (site.css)
  span.textContent = SUIT_SYMBOL[suit];
  span.setAttribute("aria-hidden", "true");
  return span;
}
