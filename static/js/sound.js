// Your turn, heard: a short chime when it becomes your turn and a quiet tick in each of the
// last five seconds. Off until the player turns it on; the choice is kept in their settings
// (preferences.js), or in this browser for a visitor.

import { h } from "./dom.js";
import { initialSound, saveSound } from "./preferences.js";

const KEY = "tarneeb.sound";
let audio = null;

function tone(frequency, seconds, volume) {
  audio = audio || new AudioContext();
  const oscillator = audio.createOscillator();
  const gain = audio.createGain();
  oscillator.frequency.value = frequency;
  gain.gain.setValueAtTime(volume, audio.currentTime);
  gain.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + seconds);
  oscillator.connect(gain).connect(audio.destination);
  oscillator.start();
  oscillator.stop(audio.currentTime + seconds);
}

export class TurnSound {
  constructor() {
    this.on = initialSound(localStorage.getItem(KEY) === "on");
    this.lastTick = null;
  }

  toggle() {
    this.on = !this.on;
    localStorage.setItem(KEY, this.on ? "on" : "off");
    saveSound(this.on);
    if (this.on) tone(880, 0.15, 0.08); // also unlocks audio, which needs a gesture
  }

  button(redraw) {
    return h("button", { type: "button", class: "sound-toggle link", id: "sound", "aria-pressed": this.on ? "true" : "false",
      onclick: () => { this.toggle(); redraw(); } }, this.on ? gettext("Sound on") : gettext("Sound off"));
  }

  yourTurn() {
    if (!this.on) return;
    tone(660, 0.12, 0.12);
    setTimeout(() => tone(990, 0.18, 0.12), 130);
  }

  // Called as the countdown runs; one tick a second in the last five.
  secondsLeft(left) {
    if (!this.on || left === null || left > 5 || left < 1 || left === this.lastTick) return;
    this.lastTick = left;
    tone(1200, 0.04, 0.03);
  }
}
