// Reports and moderators' actions at the table: a seat's button opens the report dialog
// (players) or the moderator's dialog; the chat's author menu gets the same entries; a
// moderator also messages, closes and reopens the room. Actions are POSTs with the CSRF
// token (docs/protocol.md, Moderation); every name is shown as text.

import { h, toast } from "./dom.js";

export class Moderation {
  constructor(root, { chat, getState }) {
    this.root = root;
    this.getState = getState;
    if (!root) return; // logged out: nothing to report with
    this.me = root.dataset.user;
    this.moderator = root.dataset.moderator === "1";
    this.reportDialog = document.getElementById("report-dialog");
    this.modDialog = document.getElementById("mod-dialog");
    this.target = null; // what the open dialog acts on: {username, seat, message, action}
    chat.menuExtra = (line) => this.chatItems(line);
    this.wireDialog(this.reportDialog, (form) => this.sendReport(form));
    if (!this.moderator) return;
    this.wireDialog(this.modDialog, (form) => this.sendAction(form));
    this.modDialog.querySelector(".choices").addEventListener("change", () => this.showFields());
    root.querySelector("#mod-message").addEventListener("submit", (event) => {
      event.preventDefault();
      const input = event.target.elements.text;
      this.post({ action: "message_room", text: input.value }).then((ok) => { if (ok) input.value = ""; });
    });
    for (const button of root.querySelectorAll("#mod-close, #mod-reopen")) {
      button.addEventListener("click", () => this.open({ action: button.dataset.action }, button.textContent));
    }
  }

  // A seat's button (room.js calls this for each seat it draws).
  seat(seat, el) {
    const state = this.getState();
    const info = state && state.room.seats[seat];
    if (this.root && this.moderator) {
      this.root.querySelector("#mod-close").hidden = state.room.closed;
      this.root.querySelector("#mod-reopen").hidden = !state.room.closed;
    }
    // Nobody to report or sanction in a bot's seat.
    if (!this.root || !info || info.username === this.me || info.removed || info.bot) return;
    const label = this.moderator ? gettext("Moderate %(name)s") : gettext("Report %(name)s");
    el.append(h("button", { type: "button", class: "link seat-mod", "aria-haspopup": "dialog",
      "aria-label": interpolate(label, { name: info.username }, true), title: interpolate(label, { name: info.username }, true),
      onclick: () => (this.moderator ? this.open({ username: info.username, seat }) : this.report(info.username)) },
    this.moderator ? gettext("Moderate") : gettext("Report")));
  }

  // Entries for a chat line's author menu (chat.js openMenu).
  chatItems(line) {
    if (!this.root || line.moderator) return [];
    const items = [h("button", { type: "button", role: "menuitem", onclick: () => this.report(line.user) },
      gettext("Report this person"))];
    if (this.moderator) {
      items.push(h("button", { type: "button", role: "menuitem", onclick: () => this.open(
        { action: "delete_message", message: line.id, username: line.user }, gettext("Delete for everyone")) },
      gettext("Delete for everyone")));
      items.push(h("button", { type: "button", role: "menuitem", onclick: () => this.open({ username: line.user }) },
        gettext("Moderate this person")));
    }
    return items;
  }

  report(username) {
    this.target = { username };
    this.reportDialog.querySelector(".who").textContent = username;
    this.reportDialog.querySelector("form").reset();
    this.reportDialog.querySelector(".error").textContent = "";
    this.reportDialog.showModal();
  }

  // The moderator's dialog: the person's actions, or one room or message action.
  open(target, title = null) {
    const state = this.getState();
    const seat = target.seat ?? (state ? state.room.seats.findIndex((s) => s && s.username === target.username) : -1);
    this.target = { ...target, seat: seat >= 0 ? seat : null };
    const dialog = this.modDialog;
    dialog.querySelector("form").reset();
    dialog.querySelector(".error").textContent = "";
    dialog.querySelector(".what").textContent = title || gettext("Moderate");
    dialog.querySelector(".who").textContent = target.username || "";
    dialog.querySelector(".choices").hidden = Boolean(target.action);
    const live = state && state.room.status === "playing" && this.target.seat !== null;
    dialog.querySelector(".if-seated").hidden = !live;
    this.showFields();
    dialog.showModal();
  }

  showFields() {
    const action = this.target.action || this.modDialog.querySelector("input[name=action]:checked").value;
    this.modDialog.querySelector(".for-mute").hidden = action !== "mute";
    this.modDialog.querySelector(".for-suspend").hidden = action !== "suspend";
  }

  wireDialog(dialog, submit) {
    dialog.querySelector(".cancel").addEventListener("click", () => dialog.close());
    dialog.querySelector("form").addEventListener("submit", async (event) => {
      event.preventDefault();
      const button = event.target.querySelector("button[type=submit]");
      button.disabled = true;
      try {
        if (await submit(event.target)) dialog.close();
      } finally {
        button.disabled = false;
      }
    });
  }

  async sendReport(form) {
    const url = this.root.dataset.report.replace("/-/", "/" + encodeURIComponent(this.target.username) + "/");
    const body = new FormData(form);
    body.set("room", this.root.dataset.room);
    return this.fetch(url, body, this.reportDialog);
  }

  async sendAction(form) {
    const data = Object.fromEntries(new FormData(form));
    if (this.target.action) data.action = this.target.action;
    return this.post({ ...data, username: this.target.username || "", seat: this.target.seat ?? "",
      message: this.target.message || "" }, this.modDialog);
  }

  post(fields, dialog = null) {
    const body = new FormData();
    body.set("room", this.root.dataset.room);
    for (const [key, value] of Object.entries(fields)) body.set(key, value);
    return this.fetch(this.root.dataset.act, body, dialog);
  }

  // True when the server said done; its message is shown either way.
  async fetch(url, body, dialog) {
    let answer;
    try {
      const response = await fetch(url, { method: "POST", body, credentials: "same-origin",
        headers: { "X-CSRFToken": this.root.dataset.csrf, Accept: "application/json" } });
      answer = await response.json();
    } catch {
      answer = { message: gettext("Something went wrong.") };
    }
    if (answer.ok) {
      toast(answer.message, "info");
      return true;
    }
    if (dialog) dialog.querySelector(".error").textContent = answer.message;
    else toast(answer.message);
    return false;
  }
}
