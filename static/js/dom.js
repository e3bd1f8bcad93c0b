// Tiny DOM helpers shared by the pages' modules.

export function h(tag, props, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(props || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") el.className = value;
    else if (key === "dataset") Object.assign(el.dataset, value);
    else if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
    else if (key === "text") el.textContent = value;
    else if (value === true) el.setAttribute(key, "");
    else el.setAttribute(key, value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : String(child));
  }
  return el;
}

// A username: isolated so its direction cannot upset the line.
export function userText(text, className = "name") {
  return h("bdi", { class: className, dir: "auto" }, shownName(text));
}

// What accounts.deletion writes for a deleted account (no username has a space), in the
// reader's language; the record keeps the stored words (accounts.deletion.shown_name).
const DELETED_NAME = /^deleted player (\d+)$/;

export function shownName(name) {
  const found = typeof name === "string" && typeof gettext === "function" && DELETED_NAME.exec(name);
  return found ? interpolate(gettext("deleted player %s"), [found[1]]) : name;
}

// A bot's mark, wherever its name is shown, saying its level; `short` where a line lists
// several players (the lobby), the level in its title.
export function botBadge(level, { short = false } = {}) {
  const expert = level === "expert";
  const title = expert ? gettext("Expert bot") : gettext("Standard bot");
  const text = short ? pgettext("a bot player's badge", "bot")
    : expert ? pgettext("a bot player's badge", "expert bot") : pgettext("a bot player's badge", "standard bot");
  return h("span", { class: "chip bot-badge bot-" + (expert ? "expert" : "standard"), title }, text);
}

// The name a seat shows (docs/protocol.md, `state`): a bot's own at the table, in the
// page's language; a person's username.
export function seatName(info) {
  if (!info.name) return info.username;
  return info.name[document.documentElement.lang] || info.name.en || info.username;
}

// Pass translated text: fmt(gettext("%(name)s to play"), {name}). The literal must sit
// in a gettext() call for makemessages to find it.
export const fmt = (translated, values) => interpolate(translated, values, true);

let toastBox = null;

// A short, polite message that goes away by itself.
export function toast(text, kind = "error", ms = 4000) {
  if (!toastBox) {
    toastBox = document.getElementById("toasts");
    if (!toastBox) {
      toastBox = h("div", { id: "toasts", class: "toasts", "aria-live": "assertive" });
      document.body.append(toastBox);
    }
  }
  const item = h("div", { class: "toast " + kind, role: kind === "error" ? "alert" : "status" }, text);
  toastBox.append(item);
  setTimeout(() => item.classList.add("leaving"), ms);
  setTimeout(() => item.remove(), ms + 400);
}

// Like fmt, but the values may be DOM nodes (names isolated with userText, say), so a
// translated sentence keeps its word order and each name keeps its own direction.
export function fmtNodes(translated, values) {
  const span = document.createElement("span");
  const re = /%\((\w+)\)s/g;
  let last = 0;
  let m;
  while ((m = re.exec(translated))) {
    span.append(translated.slice(last, m.index));
    const value = values[m[1]];
    span.append(value instanceof Node ? value : String(value));
    last = re.lastIndex;
  }
  span.append(translated.slice(last));
  return span;
}

// A number that keeps its sign on the left in right-to-left text.
export function num(n, className) {
  return h("bdi", { dir: "ltr", class: className || null }, String(n));
}
