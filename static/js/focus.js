// Keeping the player's place at the table across redraws. Drawing replaces the buttons;
// the focus stays where it was: on the same button (the same bid, card or seat's button)
// when it is still there and usable, else in the same place (the bid panel, the hand),
// never moved elsewhere by an update.

const KEEPERS = ["#actions", "#hand", "#foot", ".seat", "#summary", "#away", "#turn"];

function focusKey(el) {
  const seat = el.closest(".seat");
  return [el.tagName, el.id, JSON.stringify({ ...el.dataset }), seat ? seat.dataset.pos : "",
    [...el.classList].filter((c) => !["dimmed", "trump", "urgent"].includes(c)).join(".")].join("|");
}

const usable = (el) => el && el.isConnected && !el.disabled && !el.closest("[hidden]") &&
  (!el.checkVisibility || el.checkVisibility());

export class FocusKeeper {
  // `els` holds the table's bid panel (`actions`) and hand (`hand`).
  constructor(root, els) {
    this.root = root;
    this.els = els;
    this.last = null; // the element in the table the player last focused, its key and place
    document.addEventListener("focusin", (event) => {
      if (this.root.contains(event.target)) this.noted(event.target);
      else this.last = null;
    });
  }

  noted(el, place = null) {
    place = place || KEEPERS.find((sel) => el.matches(sel) || el.closest(sel)) || null;
    this.last = { el, key: focusKey(el), place };
  }

  // Where the focus is before drawing: the element to come back to, or null when the
  // player is elsewhere (the chat, the page's head) or nowhere by their own choice.
  before() {
    const active = document.activeElement;
    if (active && active !== document.body && this.root.contains(active)) {
      return this.last && this.last.el === active ? this.last : null;
    }
    // Focus fell to the page when the focused button was redrawn, disabled or hidden.
    if ((!active || active === document.body) && this.last && !usable(this.last.el)) return this.last;
    return null;
  }

  keep(before) {
    if (!before) return;
    const active = document.activeElement;
    if (active && active !== document.body && usable(active)) return; // still there, or the hand took it
    const candidates = [...this.root.querySelectorAll("button, a[href], [tabindex]")];
    const same = candidates.find((el) => el !== before.el && usable(el) && focusKey(el) === before.key);
    const target = same || this.placeTarget(before.place);
    if (target) target.focus({ preventScroll: true });
  }

  // A usable element in the same place: the first bid or trump button, the hand's card
  // that takes the focus (or the hand itself), else the table.
  placeTarget(place) {
    const { actions, hand } = this.els;
    const inDock = place === "#actions" || place === "#hand";
    const firstAction = actions.querySelector("button:not([disabled])");
    const card = hand.querySelector('button.card[tabindex="0"]:not([disabled])');
    if (place === "#actions" && firstAction) return firstAction;
    if (inDock && card) return card;
    if (inDock && !hand.hidden) return hand;
    if (inDock && !actions.hidden) return actions;
    return this.root;
  }
}
