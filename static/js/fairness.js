// Under the table: the current deal's commitment (its seed's hash, published before the
// deal) or, between deals, that the last seed is out, and the score sheet that checks them.

import { fmt, h } from "./dom.js";

export function fairnessLine(m) {
  const f = m.fairness || {};
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
    h("a", { href: "/matches/" + m.id + "/", target: "_blank", rel: "noopener",
      title: gettext("The score sheet checks each deal against its seed once the hand is over (see docs/fairness.md).") },
    gettext("Score sheet")));
  return fair;
}
