// What a moderator did to this player (a warning, a mute, a removal), shown the moment it
// happens, as the notices on top of every page show it on the next load (base.html); and
// a friend's invitation to their table, with its link and the header's new unread count.

import { h } from "./dom.js";

export function showNotice({ text, url, unread }) {
  const badge = document.getElementById("unread-notifications");
  if (badge && Number.isInteger(unread)) {
    badge.textContent = String(unread);
    badge.hidden = !unread;
  }
  let list = document.querySelector("ul.notices");
  if (!list) {
    list = h("ul", { class: "messages notices", role: "status" });
    document.querySelector("main").before(list);
  }
  // In the page's direction: the server writes every notice in the page's language, and a
  // name at its start (an invitation's) would turn dir="auto" the wrong way.
  const item = h("li", { class: "notice live-notice", role: "alert" }, text, " ",
    url ? h("a", { class: "button small primary", href: url }, gettext("Join")) : "",
    h("button", { type: "button", class: "link close-notice", "aria-label": closeLabel(),
      onclick: () => { item.remove(); relayout(); } }, "×"));
  list.append(item);
  relayout();
  item.scrollIntoView({ block: "nearest" });
}

// Pages without Django's JavaScript catalogue (an event's page) have a socket too.
function closeLabel() {
  return typeof gettext === "function" ? gettext("Close") : "Close";
}

// The table fits its play area under whatever sits above it (room.js, on resize).
function relayout() {
  window.dispatchEvent(new Event("resize"));
}
