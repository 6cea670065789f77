// Signals that it is your turn while you look elsewhere: the tab's title and icon change,
// and a short beep sounds if you turned the sound on (off by default; the choice stays in
// this browser). The beep is made with WebAudio: no sound file.

import { h } from "./util.js";

export const TURN_TITLE = "● Your turn — Quarkade";
const SOUND_KEY = "quarkade.sound";
const ICON = "/favicon.svg";
const TURN_ICON = "/favicon-turn.svg";

const presence = { base: null, turn: false, audio: null };

function soundOn() {
  return localStorage.getItem(SOUND_KEY) === "on";
}

function iconLink() {
  let link = document.querySelector("link[rel~='icon']");
  if (!link) {
    link = h("link", { rel: "icon", type: "image/svg+xml", href: ICON });
    document.head.append(link);
  }
  return link;
}

function beep() {
  if (!soundOn()) return;
  try {
    presence.audio = presence.audio || new AudioContext();
    const audio = presence.audio;
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.type = "sine";
    tone.frequency.value = 880;
    const now = audio.currentTime;
    gain.gain.setValueAtTime(0.0001, now);
    gain.gain.exponentialRampToValueAtTime(0.2, now + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + 0.25);
    tone.connect(gain).connect(audio.destination);
    tone.start(now);
    tone.stop(now + 0.3);
  } catch {
    // a browser without WebAudio, or one that blocks it: the title and icon still tell
  }
}

// Browsers let a page play sound only after a click or a key: the sound, if on, is made
// ready on the first one.
for (const kind of ["pointerdown", "keydown"]) {
  document.addEventListener(kind, () => {
    if (!soundOn()) return;
    try {
      presence.audio = presence.audio || new AudioContext();
      if (presence.audio.state === "suspended") presence.audio.resume();
    } catch {
      // no WebAudio here: the title and icon still tell
    }
  });
}

/** The page's own title, shown whenever it is not your turn. */
export function setBaseTitle(title) {
  presence.base = title;
  if (!presence.turn) document.title = title;
}

/** Whether one of the seats this browser plays has to act now; the beep sounds when a
 * turn begins, not on every update. */
export function showTurn(mine) {
  if (presence.base === null) presence.base = document.title;
  const began = mine && !presence.turn;
  presence.turn = mine;
  document.title = mine ? TURN_TITLE : presence.base;
  iconLink().setAttribute("href", mine ? TURN_ICON : ICON);
  document.body.dataset.yourTurn = mine ? "1" : "0";
  if (began) beep();
}

/** A button that turns the beep on or off: named for what a click does, its state in
 *  aria-pressed, which its border shows too (quarkade.css). On a phone's top bar, where the
 *  game's name needs the room, it is named for what it toggles ("Sound"), as a toggle is. */
export function soundToggle() {
  const button = h("button", { class: "small ghost sound-toggle", id: "sound-toggle", type: "button" });
  const label = () => {
    const on = soundOn();
    button.replaceChildren(h("span", { class: "sound-long" }, on ? "Turn sound off" : "Turn sound on"),
      h("span", { class: "sound-short" }, "Sound"));
    button.setAttribute("aria-pressed", on ? "true" : "false");
    button.title = on ? "A beep when your turn begins" : "Turn on a beep for when your turn begins";
  };
  button.addEventListener("click", () => {
    localStorage.setItem(SOUND_KEY, soundOn() ? "off" : "on");
    label();
    if (soundOn()) {
      // created on a click, so that the browser lets it play later
      presence.audio = presence.audio || new AudioContext();
      beep();
    }
  });
  label();
  return button;
}
