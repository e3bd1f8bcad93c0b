// An event's page: its socket says when the event moved (a round began or ended, a deal
// was scored, a moderator acted), and the page fetches itself again (at most once a
// second) and puts the new article in place, in the reader's language; the socket says
// "here" while the page is open, so that a round's start seats this player rather than a
// bot (events/consumers.py).

import { LiveSocket } from "./socket.js";

const article = document.getElementById("event");
const HERE_EVERY = 20000;
// At most one fetch a second per page, however fast the event moves (a deal ends at each
// of 32 tables): the changes of that second are one fetch, made at its end.
const FETCH_GAP = 1000;
let fetching = null;
let again = false;
let waiting = null;
let lastFetch = -Infinity;

function refresh() {
  if (waiting) return; // a fetch is already due: it will show this change too
  const wait = Math.max(0, lastFetch + FETCH_GAP - performance.now());
  waiting = setTimeout(() => {
    waiting = null;
    fetchPage();
  }, wait);
}

async function fetchPage() {
  if (fetching) {
    again = true; // one more after this one, however many arrived meanwhile
    return;
  }
  lastFetch = performance.now();
  fetching = fetch(location.href, { credentials: "same-origin", headers: { Accept: "text/html" } });
  try {
    const response = await fetching;
    if (response.ok) {
      const page = new DOMParser().parseFromString(await response.text(), "text/html");
      const fresh = page.getElementById("event");
      const current = document.getElementById("event");
      // A form being filled in is kept: the next change redraws the rest.
      if (fresh && current && !current.contains(document.activeElement?.closest("form"))) {
        current.replaceWith(fresh);
      }
    }
  } finally {
    fetching = null;
    if (again) {
      again = false;
      refresh();
    }
  }
}

if (article) {
  const invite = article.dataset.invite;
  const path = `/ws/events/${article.dataset.event}/` + (invite ? `?invite=${encodeURIComponent(invite)}` : "");
  const socket = new LiveSocket(path, {
    onMessage: (message) => {
      if (message.type === "changed") refresh();
    },
    onStatus: (status) => {
      if (status === "open") refresh(); // what changed while the socket was down
    },
  });
  setInterval(() => socket.send({ type: "here" }), HERE_EVERY);
}
