// A seat's own controls and the players' clocks: the time banks counting down (from the
// server's figures: the server keeps the time, the page only shows it), the mark of a seat a
// bot plays for its person, the button that takes it back, and the Undo button when the
// server says an action may be taken back (can_undo).

import { h } from "./util.js";

function clock(ms) {
  const total = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, "0")}`;
}

function since(unix) {
  return new Date(unix * 1000).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
}

const REASONS = { time: "its time ran out", left: "its player left", host: "handed over by the host" };

/** A state message's bank figures count down from when it arrived. */
export function stampBank(message) {
  if (message.bank) message.bank.received = performance.now();
}

/** What is left in ``seat``'s bank now, in milliseconds (null: the table has no bank). */
export function bankLeft(message, seat) {
  const bank = message && message.bank;
  if (!bank) return null;
  const key = String(seat);
  let left = bank.left_ms[key];
  if (bank.running.includes(seat)) {
    const elapsed = (message.bank_elapsed_ms && message.bank_elapsed_ms[key]) || 0;
    left -= elapsed + (performance.now() - (bank.received || performance.now()));
  }
  return Math.max(0, left);
}

/** The bank of one seat of the players' list (a seat bots play from the start has none). */
export function bankChip(message, info) {
  const seat = info.seat;
  const left = bankLeft(message, seat);
  if (left === null || (info.kind !== "human" && !info.bot)) return null;
  const running = message.bank.running.includes(seat);
  return h("span", {
    class: `bank small${running ? " running" : ""}${left <= 0 ? " late" : ""}`, "data-bank": seat,
    title: `time bank: ${clock(message.bank.reserve_ms)} to start, ${message.bank.bonus_ms / 1000} s more a move`,
  }, clock(left));
}

/** The mark of a seat a bot plays for its person. */
export function botMark(seat) {
  if (!seat.bot) return null;
  return h("span", { class: "chip bot-mark", "data-bot": seat.seat, title: REASONS[seat.bot.reason] || seat.bot.reason },
    `played by a bot since ${since(seat.bot.since)}`);
}

/** The active seat's own controls: take the seat back from a bot, undo the last action. */
export function seatControls(conn, info) {
  if (!conn || conn.seat === null || conn.seat === undefined || !conn.msg || conn.msg.over || !info) return [];
  const send = (type) => {
    if (conn.ws && conn.ws.readyState === WebSocket.OPEN) conn.ws.send(JSON.stringify({ type }));
  };
  const seat = info.seats[conn.seat];
  const out = [];
  if (seat && seat.bot) {
    out.push(h("div", { class: "seat-control taken" },
      h("span", {}, `A bot plays your seat since ${since(seat.bot.since)} (${REASONS[seat.bot.reason] || seat.bot.reason}).`),
      h("button", { class: "primary small", id: "reclaim", onclick: () => send("reclaim") }, "Take my seat back")));
  }
  if (conn.msg.can_undo) {
    out.push(h("button", { class: "small", id: "undo", title: "Take back your last action: nobody else has acted on it yet",
      onclick: () => send("undo") }, "Undo"));
  }
  return out;
}

/** The results' note of the seats bots played for people. */
export function botsNote(over, label) {
  const bots = over && over.bots;
  if (!bots || !bots.length) return null;
  return h("p", { class: "muted small bots-note", id: "bots-note" },
    bots.map((b) => `${label(b.seat)} was played by a bot for ${b.moves} move${b.moves === 1 ? "" : "s"}`).join("; "), ".");
}
