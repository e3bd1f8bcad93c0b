// The lobby's live room list: `rooms` on connect, then one `room` per change.

import { fmt, h, toast, userText } from "./dom.js";
import { LiveSocket } from "./socket.js";

const table = document.getElementById("rooms");
const body = table.querySelector("tbody");
const live = document.getElementById("lobby-live");
const announcements = document.getElementById("announcements");
const rooms = new Map(); // id -> room, newest first

function variantName(room) {
  return room.variant === "classic" ? gettext("Classic Tarneeb") : gettext("Tarneeb 41");
}

function statusName(room) {
  return {
    waiting: gettext("Waiting for players"),
    playing: gettext("Playing"),
    over: gettext("Match over"),
  }[room.status] || room.status;
}

function row(room) {
  const players = room.seats.filter(Boolean);
  const names = h("span", { class: "players" });
  players.forEach((seat, i) => {
    if (i) names.append(pgettext("between names in a list", ", "));
    names.append(userText(seat.username));
  });
  const count = h("span", { class: "count" }, fmt(gettext("%(n)s/4"), { n: players.length }));
  const open = room.status !== "playing" && players.length < 4;
  return h("tr", { dataset: { room: room.id }, class: "status-" + room.status },
    h("td", {}, h("a", { href: room.url, dir: "auto" }, room.name)),
    h("td", {}, variantName(room)),
    h("td", {}, String(room.target)),
    h("td", {}, count, players.length ? " " : "", names),
    h("td", {}, h("span", { class: "status-tag" }, statusName(room)),
      open ? h("a", { class: "button small", href: room.url }, gettext("Join")) : null));
}

function draw() {
  const list = [...rooms.values()];
  if (!list.length) {
    body.replaceChildren(h("tr", { class: "empty" },
      h("td", { colspan: "5" }, gettext("No public rooms yet: create one."))));
    return;
  }
  body.replaceChildren(...list.map(row));
}

function onMessage(message) {
  if (message.type === "rooms") {
    rooms.clear();
    for (const room of message.rooms) rooms.set(room.id, room);
    draw();
  } else if (message.type === "room") {
    const room = message.room;
    if (room.private || room.closed) {
      rooms.delete(room.id);
    } else if (rooms.has(room.id)) {
      rooms.set(room.id, room);
    } else {
      const rest = [...rooms.entries()];
      rooms.clear();
      rooms.set(room.id, room);
      for (const [id, r] of rest) rooms.set(id, r);
    }
    draw();
  } else if (message.type === "announcement") {
    const item = h("p", { class: "announcement", role: "status", dir: "auto" }, message.text);
    announcements.prepend(item);
    toast(message.text, "info", 8000);
  }
}

function onStatus(status) {
  live.hidden = status !== "open";
}

new LiveSocket(table.dataset.ws, { onMessage, onStatus });
