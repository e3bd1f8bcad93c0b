// A websocket that reconnects by itself with exponential backoff (and jitter).

import { showNotice } from "./notices.js";

export function wsURL(path) {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  return scheme + "//" + location.host + path;
}

export class LiveSocket {
  constructor(path, { onMessage, onStatus, minDelay = 500, maxDelay = 15000 } = {}) {
    this.url = wsURL(path);
    this.onMessage = onMessage || (() => {});
    this.onStatus = onStatus || (() => {});
    this.minDelay = minDelay;
    this.maxDelay = maxDelay;
    this.attempt = 0;
    this.ws = null;
    this.timer = null;
    this.stopped = false;
    this.connect();
    window.addEventListener("online", () => this.retryNow());
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") this.retryNow();
    });
  }

  connect() {
    clearTimeout(this.timer);
    this.timer = null;
    this.onStatus(this.attempt ? "reconnecting" : "connecting");
    let ws;
    try {
      ws = new WebSocket(this.url);
    } catch (err) {
      this.schedule();
      return;
    }
    this.ws = ws;
    ws.onopen = () => {
      this.attempt = 0;
      this.onStatus("open");
    };
    ws.onmessage = (event) => {
      let message;
      try {
        message = JSON.parse(event.data);
      } catch (err) {
        return;
      }
      // A moderator's word to this player reaches every page with a socket alike.
      if (message.type === "notice") showNotice(message);
      else this.onMessage(message);
    };
    ws.onclose = (event) => {
      if (this.ws !== ws) return;
      this.ws = null;
      if (this.stopped) return;
      // Close codes: docs/protocol.md. A missing room, a refused origin or a deleted account stays so.
      if (event.code === 4404 || event.code === 4403 || event.code === 4410) {
        this.onStatus("gone");
        return;
      }
      if (event.code === 4401) {
        this.onStatus("suspended"); // the account is suspended: trying again would not help
        return;
      }
      this.onStatus("closed");
      // Told to slow down: the first retry waits seconds, not half of one.
      if (event.code === 4429) this.attempt = Math.max(this.attempt, 4);
      this.schedule();
    };
    ws.onerror = () => {
      // onclose follows and schedules the retry.
    };
  }

  schedule() {
    if (this.timer || this.stopped) return;
    const base = Math.min(this.maxDelay, this.minDelay * 2 ** this.attempt);
    const delay = base / 2 + Math.random() * (base / 2);
    this.attempt += 1;
    this.timer = setTimeout(() => this.connect(), delay);
  }

  retryNow() {
    if (this.ws || this.stopped) return;
    this.attempt = Math.min(this.attempt, 1);
    this.connect();
  }

  get isOpen() {
    return this.ws !== null && this.ws.readyState === WebSocket.OPEN;
  }

  send(message) {
    if (!this.isOpen) return false;
    this.ws.send(JSON.stringify(message));
    return true;
  }
}
