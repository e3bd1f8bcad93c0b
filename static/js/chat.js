// The table's chat (docs/protocol.md, Chat): lines, quick phrases, and muting a person
// for yourself. Every line is shown as text, never as markup.

import { h, userText } from "./dom.js";

const MUTED_KEY = "tarneeb.muted";
// Errors that answer a chat line; shown under the chat box, not as a toast.
const CHAT_ERRORS = new Set(["too_long", "empty", "bad_chat", "bad_phrase", "chat_off", "muted"]);

function loadMuted() {
  try {
    return new Set(JSON.parse(localStorage.getItem(MUTED_KEY) || "[]"));
  } catch {
    return new Set();
  }
}

// The last chat line a person has seen at a table, kept for the tab (a reload keeps it).
function loadSeen(key) {
  try {
    const id = sessionStorage.getItem(key);
    return id === null ? null : Number(id);
  } catch {
    return null;
  }
}

export class Chat {
  // `seenKey` keeps the last line seen (for the unread count) under that name.
  constructor(root, send, { seenKey = null } = {}) {
    this.root = root;
    this.send = send;
    this.lines = root.querySelector("#chat-lines");
    this.form = root.querySelector("#chat-form");
    this.input = root.querySelector("#chat-text");
    this.error = root.querySelector("#chat-error");
    this.off = root.querySelector("#chat-off");
    this.audience = root.querySelector("#chat-audience");
    this.mutedBox = root.querySelector("#chat-muted");
    this.phrases = JSON.parse(document.getElementById("chat-phrase-texts").textContent);
    this.me = root.dataset.user || null;
    this.muted = loadMuted();
    this.waiting = false; // a line sent and neither echoed nor refused yet
    this.menu = null;
    this.menuExtra = null; // (line) => more menu entries (moderation.js)
    // Unread: lines by others, not muted, that came since the player last looked at the
    // chat (its lines on screen, the page in front); `onUnread(n)` hears each change.
    this.seenKey = seenKey;
    const stored = seenKey ? loadSeen(seenKey) : null;
    this.lastSeen = stored ?? 0;
    this.fresh = stored === null; // a first visit: the talk before it is not news
    this.unread = 0;
    this.onUnread = null;
    this.inView = false;
    this.lines.tabIndex = -1;
    if (window.IntersectionObserver) {
      new IntersectionObserver((entries) => {
        // In sight: the whole box, or at least four lines' height of it.
        const entry = entries.at(-1);
        const readable = Math.min(entry.boundingClientRect.height, 96) - 1;
        this.inView = entry.isIntersecting && entry.intersectionRect.height >= readable;
        this.looked();
      }, { threshold: [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1] }).observe(this.lines);
    }
    document.addEventListener("visibilitychange", () => this.looked());

    this.drawMuted();
    if (!this.form) return; // logged out: reading only
    this.form.addEventListener("submit", (event) => {
      event.preventDefault();
      const text = this.input.value.trim();
      if (text && this.post({ type: "chat", text })) this.input.value = "";
    });
    const phraseBox = root.querySelector("#chat-phrases");
    for (const [key, text] of Object.entries(this.phrases)) {
      phraseBox.append(h("button", { type: "button", class: "phrase", dataset: { phrase: key },
        onclick: () => this.post({ type: "chat", phrase: key }) }, text));
    }
  }

  post(message) {
    this.error.textContent = "";
    if (!this.send(message)) return false;
    this.waiting = true;
    return true;
  }

  // The room's state says whether the chat is on.
  onState(state) {
    const on = state.room.chat !== false;
    this.off.hidden = on;
    for (const el of this.root.querySelectorAll("#chat-form, #chat-phrases")) el.hidden = !on;
    // A spectator's lines during a match reach only the other spectators (docs/protocol.md).
    const watching = on && state.you.seat === null && state.room.status === "playing";
    this.audience.hidden = !watching;
    if (this.input) this.input.placeholder = watching ? gettext("Write to the spectators…") : gettext("Write to the table…");
  }

  // True when the message was the chat's.
  onMessage(message) {
    if (message.type === "chat") {
      if (message.user === this.me) this.waiting = false;
      this.fresh = false;
      this.add(message);
    } else if (message.type === "chat_history") {
      this.lines.replaceChildren();
      message.messages.forEach((line) => this.add(line));
      if (this.fresh) this.markSeen();
      this.fresh = false;
    } else if (message.type === "chat_deleted") {
      this.lines.querySelector(`[data-id="${Number(message.id)}"]`)?.remove();
      this.countUnread();
    } else if (message.type === "error" && (CHAT_ERRORS.has(message.code) || this.waiting)) {
      this.waiting = false;
      this.error.textContent = message.message;
    } else {
      return false;
    }
    return true;
  }

  // A new connection starts with an empty chat; its history follows the first state.
  reset() {
    this.lines.replaceChildren();
    this.waiting = false;
    this.countUnread();
  }

  // ---------------------------------------------------------------- unread lines

  // The player sees the chat now: every line in it is read.
  looked() {
    if (this.inView && !document.hidden) this.markSeen();
    else this.countUnread();
  }

  markSeen() {
    const ids = [...this.lines.querySelectorAll(".chat-line")].map((el) => Number(el.dataset.id));
    const newest = Math.max(this.lastSeen, ...ids);
    if (newest !== this.lastSeen) {
      this.lastSeen = newest;
      try {
        if (this.seenKey) sessionStorage.setItem(this.seenKey, String(newest));
      } catch {
        // Storage refused: the count lasts as long as the page.
      }
    }
    this.countUnread();
  }

  countUnread() {
    const seen = this.lastSeen;
    const unread = [...this.lines.querySelectorAll(".chat-line")].filter((el) =>
      Number(el.dataset.id) > seen && !el.hidden && el.dataset.user !== this.me).length;
    if (unread === this.unread) return;
    this.unread = unread;
    if (this.onUnread) this.onUnread(unread);
  }

  // Brings the chat to the screen (from the table's chat button).
  show() {
    this.root.scrollIntoView({ block: "start" });
    this.lines.focus({ preventScroll: true });
    this.inView = true;
    this.looked();
  }

  add(line) {
    const text = line.phrase ? this.phrases[line.phrase] || "" : line.text;
    const author = h("button", { type: "button", class: "chat-author link", "aria-haspopup": "menu",
      onclick: (event) => this.openMenu(line, event.currentTarget) }, userText(line.user));
    const item = h("li", {
      class: "chat-line" + (line.phrase ? " phrase" : "") + (line.audience === "spectators" ? " spectators" : "")
        + (line.moderator ? " moderator" : ""),
      dataset: { id: String(line.id), user: line.user, seat: line.seat === null ? "" : String(line.seat) },
      hidden: this.muted.has(line.user),
    }, author, line.moderator ? h("span", { class: "chat-tag moderator-tag" }, gettext("moderator"))
      : line.seat === null ? h("span", { class: "chat-tag" }, gettext("spectator")) : "", " ",
    h("bdi", { class: "chat-text", dir: "auto" }, text));
    const atBottom = this.lines.scrollHeight - this.lines.scrollTop - this.lines.clientHeight < 24;
    this.lines.append(item);
    while (this.lines.childElementCount > 200) this.lines.firstElementChild.remove();
    if (atBottom) this.lines.scrollTop = this.lines.scrollHeight;
    this.looked();
  }

  openMenu(line, anchor) {
    const user = line.user;
    this.menu?.remove();
    if (user === this.me) return;
    const muted = this.muted.has(user);
    const extra = (this.menuExtra ? this.menuExtra(line) : []).map((item) => {
      item.addEventListener("click", () => this.menu.remove());
      return item;
    });
    this.menu = h("div", { class: "chat-menu", role: "menu" },
      h("button", { type: "button", role: "menuitem", onclick: () => { this.setMuted(user, !muted); this.menu.remove(); } },
        muted ? gettext("Show this person's messages again") : gettext("Mute this person (only for you)")),
      extra,
      h("button", { type: "button", role: "menuitem", class: "link", onclick: () => this.menu.remove() },
        gettext("Cancel")));
    anchor.closest("li").append(this.menu);
    this.menu.querySelector("button").focus();
  }

  setMuted(user, muted) {
    if (muted) this.muted.add(user);
    else this.muted.delete(user);
    localStorage.setItem(MUTED_KEY, JSON.stringify([...this.muted]));
    for (const item of this.lines.querySelectorAll(".chat-line")) item.hidden = this.muted.has(item.dataset.user);
    this.drawMuted();
    this.countUnread();
  }

  drawMuted() {
    this.mutedBox.replaceChildren();
    this.mutedBox.hidden = !this.muted.size;
    if (!this.muted.size) return;
    this.mutedBox.append(gettext("Muted by you:"), " ");
    for (const user of this.muted) {
      this.mutedBox.append(h("button", { type: "button", class: "link", title: gettext("Show this person's messages again"),
        onclick: () => this.setMuted(user, false) }, userText(user)), " ");
    }
  }
}
