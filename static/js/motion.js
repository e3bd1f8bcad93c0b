// Cards in motion: a played card travels to the felt, a finished trick is gathered toward
// its winner. Nothing moves for people who asked for reduced motion.

const still = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;

function centre(rect) {
  return { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 };
}

// `el` has just been drawn where it belongs; make it arrive from `from` (a DOMRect).
export function flyIn(el, from, ms = 260) {
  if (still() || !from) return;
  const to = centre(el.getBoundingClientRect());
  const start = centre(from);
  el.animate([{ translate: `${start.x - to.x}px ${start.y - to.y}px` }, { translate: "0 0" }],
    { duration: ms, easing: "cubic-bezier(.2,.7,.3,1)" });
}

// Slide the trick's cards to `target` (the winner's seat) and fade them; resolves when done.
export function gather(cards, target, ms = 450) {
  if (still() || !target || !cards.length) return Promise.resolve();
  const to = centre(target.getBoundingClientRect());
  return Promise.all(cards.map((card) => {
    const at = centre(card.getBoundingClientRect());
    return card.animate([{ translate: "0 0", scale: 1, opacity: 1 },
      { translate: `${to.x - at.x}px ${to.y - at.y}px`, scale: 0.55, opacity: 0 }],
    { duration: ms, easing: "ease-in", fill: "forwards" }).finished.catch(() => {});
  }));
}
