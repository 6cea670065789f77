// Who plays in this browser: a name people see, and a random browser id. Both stay in
// localStorage; there is no password. The name travels with every request that takes a
// seat; the browser id lets this browser take its own seat back from a used invitation
// link, so it is sent to this server only and never shown.

import { h } from "./util.js";

const KEY = "quarkade.player";
export const NAME_LENGTH = 24;

function randomId() {
  const bytes = new Uint8Array(18);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_");
}

function read() {
  let stored = {};
  try {
    stored = JSON.parse(localStorage.getItem(KEY) || "{}") || {};
  } catch {
    stored = {};
  }
  if (typeof stored.browser !== "string" || !/^[A-Za-z0-9_-]{16,128}$/.test(stored.browser)) {
    stored.browser = randomId();
    localStorage.setItem(KEY, JSON.stringify(stored));
  }
  return stored;
}

/** This browser's player: { name (or null), browser }. */
export function player() {
  const stored = read();
  return { name: typeof stored.name === "string" && stored.name ? stored.name : null, browser: stored.browser };
}

/** What a request that takes a seat carries. */
export function identity() {
  const { name, browser } = player();
  return name ? { name, browser } : { browser };
}

/** Why a name cannot be used, or null (the server checks the same). */
export function nameProblem(name) {
  const trimmed = name.trim();
  const length = [...trimmed].length; // characters, as the server counts them, not UTF-16 units
  if (length < 1 || length > NAME_LENGTH) return `A name is 1 to ${NAME_LENGTH} characters long.`;
  if (/[\p{C}\p{Zl}\p{Zp}]|[^\S ]/u.test(trimmed)) return "A name holds printable characters only.";
  if (/^(bot\s*\d*\s*\(.*\)|seat\s*\d+)$/i.test(trimmed)) return "That reads like the label of a bot or of a free seat: choose another.";
  return null;
}

export function setName(name) {
  const stored = read();
  stored.name = name.trim();
  localStorage.setItem(KEY, JSON.stringify(stored));
  document.dispatchEvent(new CustomEvent("quarkade:name", { detail: stored.name }));
}

/** A form that asks for a name: an input, the reason it is refused, a button. */
export function nameForm({ title, text, submit, cancel, onSaved }) {
  const current = player().name;
  const input = h("input", { type: "text", class: "player-name-input", maxlength: 64, value: current || "", autocomplete: "nickname", "aria-label": "your name", placeholder: "Your name" });
  const error = h("div", { class: "form-error", role: "alert" });
  const form = h("form", { class: "name-form", onsubmit: (event) => {
    event.preventDefault();
    const problem = nameProblem(input.value);
    if (problem) {
      error.textContent = problem;
      input.focus();
      return;
    }
    setName(input.value);
    onSaved(input.value.trim());
  } },
  title ? h("h2", {}, title) : null,
  h("p", { class: "muted" }, text),
  h("div", { class: "row" }, input,
    h("button", { type: "submit", class: "primary name-save" }, submit),
    cancel ? h("button", { type: "button", onclick: cancel }, "Cancel") : null),
  error);
  form.input = input;
  return form;
}

/** Change the name in a small dialog; resolves with the name kept. */
export function askName() {
  return new Promise((resolve) => {
    const current = player().name;
    const dialog = h("dialog", { class: "name-dialog", id: "name-dialog" });
    const done = (name) => {
      dialog.close();
      dialog.remove();
      resolve(name);
    };
    const form = nameForm({
      title: current ? "Change your name" : "Choose a name",
      text: "The name the other players see at your next tables. It stays in this browser.",
      submit: "Save", cancel: () => done(current), onSaved: done,
    });
    dialog.addEventListener("cancel", () => done(current));
    dialog.append(form);
    document.body.append(dialog);
    dialog.showModal();
    form.input.focus();
    form.input.select();
  });
}
