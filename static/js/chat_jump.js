// The chat from the table: on a phone it is far below, so a button on the felt's corner
// takes the player there and counts the lines that came since they last looked; a
// button at the chat brings them back. Beside the table on a wide screen, neither shows.

import { h } from "./dom.js";

/** Puts both buttons in place; returns what redraws the count of unread lines. */
export function chatJump(chat, felt) {
  const unreadBadge = h("span", { class: "unread-count", "aria-hidden": "true", hidden: true });
  const chatButton = h("button", { type: "button", class: "chat-jump", id: "chat-jump", "aria-controls": "chat",
    onclick: () => chat.show() }, h("span", { class: "chat-jump-label" }, gettext("Chat")), unreadBadge);
  felt.append(chatButton);
  document.getElementById("chat-title").after(h("button", { type: "button", class: "link back-to-table",
    id: "back-to-table", onclick: () => { window.scrollTo({ top: 0 }); chatButton.focus({ preventScroll: true }); } },
  gettext("Back to the table")));

  function render() {
    const n = chat.unread;
    unreadBadge.hidden = !n;
    unreadBadge.textContent = n ? String(n) : "";
    chatButton.classList.toggle("has-unread", n > 0);
    chatButton.setAttribute("aria-label", n
      ? interpolate(ngettext("Chat: %(n)s new message", "Chat: %(n)s new messages", n), { n }, true)
      : gettext("Chat"));
  }
  chat.onUnread = render;
  render();
  return render;
}
