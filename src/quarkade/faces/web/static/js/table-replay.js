// The replay: any step of the game, from everyone's view, a spectator's or one seat's, with
// buttons, a slider and the arrow keys to move through it.

import { api, h, s, toast } from "./util.js";
import { rendererFor } from "./renderers/index.js";
import { $, app, names, seatLabel } from "./table-state.js";
import { renderLog } from "./table-side.js";
import { logLines } from "./seat-words.js";
import { markScrollingRows } from "./board-sight.js";
import { drawKeepingFocus } from "./board-access.js";

// Leaving the replay shows the live board again, which table.js draws: the page hands that
// drawing over once (replayLeavesTo), so that this module does not import the page back.
let liveBoard = () => {};

export function replayLeavesTo(draw) {
  liveBoard = draw;
}

export async function startReplay(step) {
  const conn = app.conns.get(app.active);
  app.replay = { step, steps: 1, mode: "all", data: null, over: !!(conn && conn.msg && conn.msg.over) };
  await loadReplay(step);
}

async function loadReplay(step) {
  const replay = app.replay;
  if (!replay) return;
  const query = new URLSearchParams({ step: String(step) });
  if (!replay.over) {
    const conn = app.conns.get(app.active);
    if (conn && conn.seat !== null) {
      query.set("seat", conn.seat);
      query.set("token", conn.token);
    }
  }
  try {
    replay.data = await api(`/api/tables/${app.id}/replay?${query}`);
    replay.step = replay.data.step;
    replay.steps = replay.data.steps;
    renderReplay();
  } catch (error) {
    toast(error.message);
  }
}

/** What happened at the step shown, line by line, as the game's log says it to the view shown
 *  (everything revealed: to the seat that acted); the action's notation where the log has no
 *  line for it. */
function stepWords(data, replay) {
  let lines = data.said || [];
  if (data.said_views) {
    const viewer = replay.mode === "all" ? (data.action ? String(data.action.seat) : null) : replay.mode;
    if (viewer !== null && data.said_views[viewer]) lines = data.said_views[viewer];
  }
  if (lines.length) return logLines(lines, names());
  if (data.action) return [`${seatLabel(data.action.seat)}: ${data.action.action}`];
  return replay.step === 0 ? ["The deal"] : [];
}

// Media-style icons drawn as SVG, so that no font has to have the glyphs.
function icon(name) {
  const shapes = {
    first: [s("rect", { x: 2, y: 2, width: 2, height: 10 }), s("path", { d: "M12 2 L5 7 L12 12 Z" })],
    prev: [s("path", { d: "M11 2 L3 7 L11 12 Z" })],
    next: [s("path", { d: "M3 2 L11 7 L3 12 Z" })],
    last: [s("path", { d: "M2 2 L9 7 L2 12 Z" }), s("rect", { x: 10, y: 2, width: 2, height: 10 })],
  };
  return s("svg", { width: 14, height: 14, viewBox: "0 0 14 14", fill: "currentColor", "aria-hidden": "true" }, shapes[name]);
}

function stopReplay() {
  app.replay = null;
  $("replay-bar").replaceChildren();
  liveBoard();
}

export function renderReplay() {
  const replay = app.replay;
  if (!replay || !replay.data || !app.game) return;
  const data = replay.data;
  const go = (step) => loadReplay(Math.max(0, Math.min(replay.steps - 1, step)));
  const modes = [["all", "Everything revealed"], ["spectator", "Spectator"]];
  if (data.views) for (const seat of Object.keys(data.views)) modes.push([seat, seatLabel(Number(seat))]);
  const select = h("select", {
    "aria-label": "whose view",
    onchange: (e) => { replay.mode = e.target.value; renderReplay(); },
  }, modes.map(([value, label]) => h("option", { value, selected: replay.mode === value }, label)));
  const slider = h("input", {
    type: "range", min: 0, max: replay.steps - 1, value: replay.step, "aria-label": "Replay step",
    "aria-valuetext": `step ${replay.step} of ${replay.steps - 1}`, onchange: (e) => go(Number(e.target.value)),
  });
  const what = stepWords(data, replay);
  // a step taken from the keyboard leaves the focus on the button (or slider) that took it
  drawKeepingFocus($("replay-bar"), h("div", { class: "replay-bar", id: "replay" },
    h("b", {}, "Replay"),
    h("button", { class: "small", onclick: () => go(0), "aria-label": "first", title: "first" }, icon("first")),
    h("button", { class: "small", id: "replay-prev", onclick: () => go(replay.step - 1), "aria-label": "previous", title: "previous (←)" }, icon("prev")),
    h("span", { class: "step" }, `${replay.step} / ${replay.steps - 1}`),
    h("button", { class: "small", id: "replay-next", onclick: () => go(replay.step + 1), "aria-label": "next", title: "next (→)" }, icon("next")),
    h("button", { class: "small", onclick: () => go(replay.steps - 1), "aria-label": "last", title: "last" }, icon("last")),
    slider,
    data.views ? select : null,
    h("button", { class: "small", onclick: stopReplay }, "Leave replay"),
    h("div", { class: "what" }, what.map((line) => h("div", {}, line))),
  ));
  let view = data.view;
  let seat = null;
  let reveal = null;
  if (data.views) {
    if (replay.mode === "all") reveal = data.views;
    else if (replay.mode !== "spectator") {
      seat = Number(replay.mode);
      view = data.views[replay.mode];
    }
    if (replay.mode === "all" || replay.mode === "spectator") view = { ...data.view, seat: null, hand: undefined, ejecting: undefined };
  } else {
    seat = data.seat;
  }
  const ctx = {
    seat, table: app.info, components: app.components, ui: {}, names: names(), over: view.is_over,
    replay: true, reveal, timer: null, waiting_for: [], title: app.game.title, rerender: renderReplay,
  };
  $("over").replaceChildren();
  drawKeepingFocus($("board"), rendererFor(view.game)(view, [], () => {}, ctx));
  markScrollingRows($("board"));
  renderLog(view, "replay");
}

document.addEventListener("keydown", (event) => {
  if (!app.replay || event.target.tagName === "INPUT" || event.target.tagName === "SELECT") return;
  if (event.key === "ArrowLeft") loadReplay(Math.max(0, app.replay.step - 1));
  if (event.key === "ArrowRight") loadReplay(Math.min(app.replay.steps - 1, app.replay.step + 1));
});
