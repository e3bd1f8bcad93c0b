// The lobby's live room list. The page embeds the rooms its socket sends on connect
// (#lobby-rooms) and one function draws that first list and every update, so the two
// never differ. The socket sends `rooms` on connect, then one `room` per change; a room
// with `listed: false` has left the list (docs/protocol.md, The lobby).

import { botBadge, fmt, h, seatName, toast, userText } from "./dom.js";
import { LiveSocket } from "./socket.js";

const box = document.getElementById("rooms");
const filters = document.getElementById("lobby-filters");
const live = document.getElementById("lobby-live");
const announcements = document.getElementById("announcements");
const FILTERS = ["variant", "seats"];
const SAVED = "tarneeb.lobby.filters";
const rooms = new Map(); // id -> room, newest first

function list(id) {
  const table = document.getElementById(id);
  const root = table.closest(".room-list");
  return { body: table.querySelector("tbody"), scroll: table.parentElement,
           empty: root.querySelector(".rooms-empty") };
}

const lists = { open: list("open-rooms"), playing: list("playing-rooms") };

// A quick-play room's name is the page's translation, in the reader's language, with its number.
const roomName = (room) => (room.quick ? fmt(box.dataset.quickName, { n: room.quick_number }) : room.name);
const freeSeats = (room) => room.seats.filter((seat) => !seat).length;

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
    names.append(userText(seatName(seat)));
    if (seat.bot) names.append(" ", botBadge(seat.bot, { short: true }));
  });
  const count = h("span", { class: "count" }, fmt(gettext("%(n)s/4"), { n: players.length }));
  const link = room.status === "playing"
    ? h("a", { class: "button small", href: room.url }, gettext("Watch"))
    : h("a", { class: "button small", href: room.url }, gettext("Join"));
  return h("tr", { dataset: { room: room.id }, class: "status-" + room.status },
    h("td", {}, h("a", { href: room.url, dir: "auto" }, roomName(room)),
      // Phones show the variant and target here, their own columns hidden.
      h("span", { class: "room-sub" }, variantName(room) + " · " + room.target)),
    h("td", {}, variantName(room)),
    h("td", {}, String(room.target)),
    h("td", {}, count, players.length ? " " : "", names),
    h("td", {}, h("span", { class: "status-tag" }, statusName(room)), link));
}

function wanted(room) {
  const variant = filters.elements.variant.value;
  const seats = Number(filters.elements.seats.value || 0);
  return (!variant || room.variant === variant) && freeSeats(room) >= seats;
}

function draw() {
  const rows = { open: [], playing: [] };
  const total = { open: 0, playing: 0 };
  for (const room of rooms.values()) {
    const where = room.status === "playing" ? "playing" : "open";
    total[where] += 1;
    if (wanted(room)) rows[where].push(row(room));
  }
  for (const [where, { body, scroll, empty }] of Object.entries(lists)) {
    body.replaceChildren(...rows[where]);
    scroll.hidden = !rows[where].length;
    empty.hidden = !scroll.hidden;
    empty.textContent = total[where] ? empty.dataset.filtered : empty.dataset.empty;
  }
}

function update(room) {
  if (!room.listed) {
    rooms.delete(room.id);
  } else if (rooms.has(room.id)) {
    rooms.set(room.id, room);
  } else {
    const rest = [...rooms.entries()];
    rooms.clear();
    rooms.set(room.id, room);
    for (const [id, r] of rest) rooms.set(id, r);
  }
}

function onMessage(message) {
  if (message.type === "rooms") {
    rooms.clear();
    for (const room of message.rooms) if (room.listed) rooms.set(room.id, room);
    draw();
  } else if (message.type === "room") {
    update(message.room);
    draw();
  } else if (message.type === "announcement") {
    const item = h("p", { class: "announcement", role: "status", dir: "auto" }, message.text);
    announcements.prepend(item);
    toast(message.text, "info", 8000);
  }
}

// Filters: the address's query wins (a shared link), else what this browser chose last.
function loadFilters() {
  const query = new URLSearchParams(location.search);
  let saved = {};
  try {
    saved = JSON.parse(localStorage.getItem(SAVED)) || {};
  } catch (err) {
    // Storage off or garbled: start unfiltered.
  }
  for (const name of FILTERS) {
    const select = filters.elements[name];
    const value = query.has(name) ? query.get(name) : saved[name] || "";
    if ([...select.options].some((option) => option.value === value)) select.value = value;
  }
}

function saveFilters() {
  const query = new URLSearchParams(location.search);
  const values = {};
  for (const name of FILTERS) {
    values[name] = filters.elements[name].value;
    if (values[name]) query.set(name, values[name]);
    else query.delete(name);
  }
  try {
    localStorage.setItem(SAVED, JSON.stringify(values));
  } catch (err) {
    // Private browsing may refuse storage; the address still holds the filters.
  }
  const search = query.toString();
  history.replaceState(null, "", location.pathname + (search ? "?" + search : "") + location.hash);
}

filters.addEventListener("change", () => {
  saveFilters();
  draw();
});
filters.addEventListener("submit", (event) => event.preventDefault());

function onStatus(status) {
  live.hidden = status !== "open";
}

// Quick play's variant: the one this browser chose last.
const QUICK_VARIANT = "tarneeb.quick.variant";
const quickForm = document.querySelector("form.quick-play");
if (quickForm) {
  try {
    const saved = quickForm.querySelector(`input[name=variant][value="${localStorage.getItem(QUICK_VARIANT)}"]`);
    if (saved) saved.checked = true;
  } catch (err) {
    // Storage off: Classic, as the page says.
  }
  quickForm.addEventListener("change", (event) => {
    try {
      localStorage.setItem(QUICK_VARIANT, event.target.value);
    } catch (err) {
      // Private browsing may refuse storage; the choice holds for this page.
    }
  });
}

loadFilters();
onMessage({ type: "rooms", rooms: JSON.parse(document.getElementById("lobby-rooms").textContent) });
new LiveSocket(box.dataset.ws, { onMessage, onStatus });
