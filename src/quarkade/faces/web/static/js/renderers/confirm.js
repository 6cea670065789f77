// Pieces every renderer shares for choices that take more than one click and for typed
// numbers: a choice is shown whole and sent only when it is confirmed once, and a number out
// of range is refused with its reason, never pulled into range.

import { keepInDockSight } from "../board-sight.js";
import { h } from "../util.js";

/** The Confirm / Change bar: `what` says what will be sent, `ready` whether it may be sent
 *  yet (else `missing` says what is still to choose); without `onChange`, nothing to change. */
export function confirmBar({ what, detail = null, ready = true, missing = null, onConfirm, onChange, confirmLabel = "Confirm", action = null }) {
  return h("div", { class: "confirm-bar", "data-role": "confirm" },
    h("div", { class: "what" }, what, detail || missing ? h("small", {}, ready ? detail : missing) : null),
    h("div", { class: "buttons" },
      h("button", {
        class: "gold", "data-confirm": "yes", "data-action": action || undefined, disabled: !ready,
        onclick: () => { if (ready) onConfirm(); },
      }, confirmLabel),
      onChange ? h("button", { class: "ghost", "data-confirm": "change", onclick: onChange }, "Change") : null));
}

/** Send the actions of one confirmed choice, each once the server applied the one before,
 *  and redraw at once: the choice is not offered again while it is on its way. */
export function sendInOrder(ctx, send, actions) {
  if (!actions.length) return;
  if (ctx.sendAll) ctx.sendAll(actions);
  else if (actions.length === 1) send(actions[0]);
  if (ctx.rerender) ctx.rerender();
}

/** A typed whole number checked against `low`..`high`: { value } or { reason }. `range`
 *  says in words what may be typed ("you have 12 eV: bid 1 to 12"). */
export function checkAmount(text, low, high, range) {
  const trimmed = String(text).trim();
  if (!/^-?\d+$/.test(trimmed)) return { reason: trimmed ? `"${trimmed}" is not a whole number: ${range}` : `type a number: ${range}` };
  const value = Number(trimmed);
  if (value < low || value > high) return { reason: `${value} is out of range: ${range}` };
  return { value };
}

/** A number box with − and + that never leave the range; what is typed is kept as typed,
 *  and `refusal` shows why it cannot be sent. ui[key] holds the text. */
export function amountBox(ui, key, low, high, { label = "amount", unit = "", cls = "" } = {}) {
  if (ui[key] === undefined || ui[`${key}_range`] !== `${low}-${high}`) {
    ui[key] = String(low);
    ui[`${key}_range`] = `${low}-${high}`;
  }
  // the reason stays on screen through redraws until the number is changed
  const reasonKey = `${key}_refusal`;
  const refusal = h("span", { class: "refusal", role: "alert", "data-role": "refusal" }, ui[reasonKey] || "");
  const input = h("input", {
    type: "text", inputmode: "numeric", value: ui[key], class: `amount ${cls}${ui[reasonKey] ? " refused" : ""}`,
    "aria-label": label, "data-role": "amount",
    oninput: (event) => {
      ui[key] = event.target.value;
      clear();
    },
  });
  const clear = () => {
    ui[reasonKey] = "";
    refusal.textContent = "";
    input.classList.remove("refused");
  };
  const refuse = (reason) => {
    ui[reasonKey] = reason;
    refusal.textContent = reason;
    input.classList.add("refused");
    keepInDockSight(refusal);
  };
  const bump = (delta) => () => {
    const now = /^-?\d+$/.test(String(ui[key]).trim()) ? Number(ui[key]) : low - delta;
    const next = now + delta;
    if (next < low || next > high) return; // the buttons stay inside the range
    ui[key] = String(next);
    input.value = ui[key];
    clear();
  };
  const box = h("span", { class: "amount-box" },
    h("button", { class: "small", onclick: bump(-1), disabled: low === high, "aria-label": "less" }, "−"),
    input,
    h("button", { class: "small", onclick: bump(1), disabled: low === high, "aria-label": "more" }, "+"),
    unit ? h("span", { class: "muted" }, unit) : null);
  /** The amount to send, or null after showing why there is none. */
  const read = (range) => {
    const checked = checkAmount(ui[key], low, high, range);
    if (checked.reason !== undefined) {
      refuse(checked.reason);
      return null;
    }
    return checked.value;
  };
  return { box, refusal, read, refuse };
}
