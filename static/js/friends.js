// Following and blocking from the table: a seat's Follow or Unfollow button (between
// matches), the chat author's menu entries, and the link to invite friends here. Actions are POSTs with the
// CSRF token; the server's words are shown either way (friends/views.py).

import { h, toast } from "./dom.js";

export class Friends {
  constructor(root, { chat, getState, redraw }) {
    this.root = root;
    this.getState = getState;
    this.redraw = redraw;
    if (!root) return; // logged out
    this.me = root.dataset.user;
    this.following = new Set(JSON.parse(document.getElementById("friends-following").textContent));
    this.blocking = new Set(JSON.parse(document.getElementById("friends-blocking").textContent));
    const before = chat.menuExtra;
    chat.menuExtra = (line) => [...(before ? before(line) : []), ...this.chatItems(line)];
    // Shown to the room's owner and the people seated: the ones who may invite here.
    this.owner = document.getElementById("game").dataset.owner === "1";
    this.invite = h("span", { hidden: !this.owner }, " · ",
      h("a", { href: root.dataset.invite, id: "invite-friends" }, gettext("Invite friends")));
    document.querySelector(".room-meta").append(this.invite);
  }

  // A seat's button (room.js calls this for each seat it draws).
  seat(seat, el) {
    const state = this.getState();
    const info = state && state.room.seats[seat];
    if (this.root && state) {
      this.invite.hidden = !this.owner && !state.room.seats.some((s) => s && s.username === this.me);
    }
    if (!this.root || !info || info.bot || info.removed || info.username === this.me) return;
    // A seat in play has no room to spare on a phone: then the chat's menu offers it.
    if (state.room.status === "playing") return;
    const following = this.following.has(info.username);
    el.append(h("button", { type: "button", class: "link seat-follow", dataset: { follow: info.username },
      onclick: () => this.change(following ? "unfollow" : "follow", info.username) },
    following ? gettext("Unfollow") : gettext("Follow")));
  }

  // Entries for a chat line's author menu (chat.js openMenu).
  chatItems(line) {
    if (!this.root || line.moderator || line.user === this.me) return [];
    const following = this.following.has(line.user);
    const blocking = this.blocking.has(line.user);
    const item = (action, label) => h("button", { type: "button", role: "menuitem",
      onclick: () => this.change(action, line.user) }, label);
    return [
      blocking ? [] : item(following ? "unfollow" : "follow", following ? gettext("Unfollow") : gettext("Follow")),
      item(blocking ? "unblock" : "block", blocking ? gettext("Unblock") : gettext("Block this person")),
    ].flat();
  }

  async change(action, username) {
    const url = this.root.dataset.change.replace("/follow/-/", "/" + action + "/" + encodeURIComponent(username) + "/");
    let answer;
    try {
      const response = await fetch(url, { method: "POST", credentials: "same-origin",
        headers: { "X-CSRFToken": this.root.dataset.csrf, Accept: "application/json" } });
      answer = await response.json();
    } catch {
      answer = { message: gettext("Something went wrong.") };
    }
    if (!answer.ok) {
      toast(answer.message);
      return;
    }
    toast(answer.message, "info");
    if (action === "follow") this.following.add(username);
    if (action === "unfollow" || action === "block") this.following.delete(username);
    if (action === "block") {
      this.blocking.add(username);
      // The server sends no more of their lines; those already shown go too.
      for (const line of document.querySelectorAll(".chat-line")) if (line.dataset.user === username) line.remove();
    }
    if (action === "unblock") this.blocking.delete(username);
    this.redraw();
  }
}
