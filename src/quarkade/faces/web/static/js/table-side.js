// The side of the table page: the players (who is to act, their clocks, the host's "Hand to
// bot"), the host's invitations and tools, and the event log.

import { api, h, seatColour, toast, tokens } from "./util.js";
import { closeButton } from "./host-close.js";
import { logLines } from "./seat-words.js";
import { bankChip, botMark } from "./seat-controls.js";
import { $, app, names, playedSeats, seatLabel } from "./table-state.js";

function hostConn() {
  for (const conn of app.conns.values()) if (conn.host && conn.ws && conn.ws.readyState === WebSocket.OPEN) return conn;
  return null;
}

/** The event log of ``key``'s view. A board still playing out what the newest entries tell
 * (Quirky Circuits' Execute phase, step by step) sets ``logShown`` in its ui: how many entries
 * it has shown; the rest wait until it has shown them, so the log never tells the end first. */
export function renderLog(view, key) {
  const whole = Array.isArray(view.log) ? view.log : [];
  const shown = app.ui[key] && app.ui[key].logShown;
  const log = Number.isInteger(shown) ? whole.slice(0, shown) : whole;
  const texts = logLines(log, names());
  const before = app.logs[key] || [];
  // how many entries are new: the longest old suffix that starts the new log
  let fresh = texts.length;
  for (let drop = 0; drop <= before.length; drop += 1) {
    const tail = before.slice(drop);
    if (tail.length <= texts.length && tail.every((t, i) => t === texts[i])) {
      fresh = texts.length - tail.length;
      break;
    }
  }
  fresh = Math.min(fresh, before.length ? 8 : 3);
  app.logs[key] = texts;
  const list = $("log");
  list.replaceChildren(...texts.map((text, i) => h("li", { class: i >= texts.length - fresh ? "fresh" : "" }, text)));
  list.scrollTop = list.scrollHeight;
}

export function renderSide() {
  if (!app.info) return;
  $("table-id").textContent = app.info.id;
  $("watchers").textContent = app.info.spectators ? `${app.info.spectators} watching` : "";
  renderPeople();
  renderInvite();
  const hosting = app.held.host && app.info.status !== "over" && !app.closed;
  if (hosting && !$("close-table")) $("host-tools").replaceChildren(closeButton(app.id, app.held.host));
  else if (!hosting) $("host-tools").replaceChildren();
}

function formatClock(seconds) {
  const s = Math.max(0, Math.round(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

export function renderPeople() {
  if (!app.info) return;
  const conn = app.conns.get(app.active);
  const message = conn && conn.msg;
  const toAct = message ? message.to_act : [];
  const deadlines = message && message.timer ? message.timer.deadlines : {};
  const now = Date.now() / 1000;
  const host = hostConn();
  const bots = (app.game && app.game.bots) || ["random"];
  $("people").replaceChildren(...app.info.seats.map((seat) => {
    const deadline = deadlines[String(seat.seat)];
    const late = deadline !== undefined && deadline <= now;
    return h("li", { "data-seat": seat.seat },
      h("span", { class: "seat-dot", style: { background: seatColour(seat.seat) } }),
      h("span", {}, seatLabel(seat.seat), playedSeats().includes(seat.seat) ? h("span", { class: "faint" }, " (you)") : ""),
      toAct.includes(seat.seat) ? h("span", { class: "chip gold" }, "to act") : null,
      deadline !== undefined ? h("span", { class: late ? "late" : "faint small" }, late ? "out of time" : formatClock(deadline - now)) : null,
      bankChip(message, seat), botMark(seat),
      h("span", { class: "kind" }, seat.kind === "human" ? (seat.connected ? "online" : seat.claimed ? "away" : seat.open ? "free seat" : "invited") : `${seat.kind} bot`),
      host && seat.kind === "human" && app.info.status !== "over" && (!seat.connected || late)
        ? h("button", {
          class: "small danger", title: "A bot plays this seat from now on",
          onclick: () => host.ws.send(JSON.stringify({ type: "hand_to_bot", seat: seat.seat, bot: bots.includes("heuristic") ? "heuristic" : bots[0] })),
        }, "Hand to bot") : null,
    );
  }));
}

function renderInvite() {
  const panel = $("invite-panel");
  if (!app.held.host || !app.info || app.info.status === "over") {
    panel.classList.add("hidden");
    return;
  }
  const played = playedSeats();
  const rows = [];
  for (const seat of app.info.seats) {
    if (seat.kind !== "human" || played.includes(seat.seat)) continue;
    const code = app.held.invites[seat.seat];
    if (seat.claimed) rows.push(h("div", { class: "faint small" }, `${seatLabel(seat.seat)}: taken`));
    else if (code) rows.push(linkRow(`${seatLabel(seat.seat)} (one-time invitation${seat.open ? "; also open to the lobby" : ""})`, `${location.origin}/t/${app.id}?invite=${code}`,
      `invite-link-${seat.seat}`, `invitation link for ${seatLabel(seat.seat)}`));
    rows.push(h("button", { class: "small", "data-invite": seat.seat, hidden: seat.claimed, onclick: () => newInvitation(seat.seat) }, code ? "New link (the old one stops working)" : "Make an invitation link"));
  }
  rows.push(linkRow("Watch", `${location.origin}/t/${app.id}`, "watch-link", "spectator link"));
  panel.classList.remove("hidden");
  $("invite").replaceChildren(...rows);
}

async function newInvitation(seat) {
  try {
    const invitation = await api(`/api/tables/${encodeURIComponent(app.id)}/invite`, { method: "POST", body: { token: app.held.host, seat } });
    app.held = tokens.remember({ id: app.id, invitations: [invitation] });
    renderInvite();
  } catch (error) {
    toast(error.message);
  }
}

// A link to hand on, in a box named for whom it is (its label on screen, and ``what`` it is
// for a screen reader), and a button that copies it.
function linkRow(label, link, id, what) {
  const input = h("input", { type: "text", value: link, readonly: true, id, "aria-label": `${label}: ${what}`, onfocus: (e) => e.target.select() });
  return h("div", {}, h("label", { class: "faint small", for: id }, label), h("div", { class: "row" }, input,
    h("button", { class: "small", "aria-label": `Copy the ${what}`, onclick: async () => {
      try {
        await navigator.clipboard.writeText(link);
        toast("Link copied", "info", 1800);
      } catch {
        input.select();
      }
    } }, "Copy")));
}

setInterval(() => {
  if (app.info && (app.info.turn_timer || app.info.time_bank)) renderPeople();
}, 1000);
