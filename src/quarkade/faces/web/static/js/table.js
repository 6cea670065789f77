// The table page: one websocket per seat this browser plays (hot seat: several), or one
// as a spectator; the game's renderer draws the active seat's view; the side shows the
// players, invitations, host tools and the event log; at the end, scores and a replay.

import { api, h, s, seatColour, toast, tokens } from "./util.js";
import { rendererFor } from "./renderers/index.js";
import { identity } from "./player.js";
import { setBaseTitle, showTurn, soundToggle } from "./presence.js";
import { closeButton, closedPanel } from "./host-close.js";
import { nameMySeat } from "./seat-name.js";
import { logLine } from "./seat-words.js";
import { bankChip, botMark, botsNote, seatControls, stampBank } from "./seat-controls.js";

const SPECTATOR = "spectator";

function tableIdFromUrl() {
  const match = location.pathname.match(/^\/t\/([A-Za-z0-9_-]+)/);
  if (match) return match[1];
  return new URLSearchParams(location.search).get("id");
}

const params = new URLSearchParams(location.search);
const app = {
  id: tableIdFromUrl(),
  info: null,
  game: null,
  components: null,
  held: null,
  conns: new Map(),
  active: null,
  ui: {},
  logs: {},
  replay: null,
  wantReplay: params.get("replay") === "1",
  hideBetweenTurns: true,
  lastActed: null,
  updates: 0,
  sent: 0, // the page's own actions sent, and those the server applied (for scripts driving the page)
  applied: 0,
  errors: 0,
};

const $ = (id) => document.getElementById(id);

function keyOf(seat) {
  return seat === null || seat === undefined ? SPECTATOR : String(seat);
}

// people see names (the server gives one for every seat), and seats counted from 1
function seatLabel(seat) {
  if (seat === null || seat === undefined) return "Spectator";
  const known = app.info && app.info.seats[seat];
  return known && known.name ? known.name : `Seat ${Number(seat) + 1}`;
}

function names() {
  const out = {};
  const players = app.info ? app.info.players : 8;
  for (let seat = 0; seat < players; seat += 1) out[seat] = seatLabel(seat);
  return out;
}

function signalTurn() {
  showTurn([...app.conns.values()].some((c) => c.seat !== null && c.msg && !c.msg.over && c.msg.legal.length > 0));
}

// ------------------------------------------------------------------ connections
function wsUrl(token, host) {
  const query = new URLSearchParams();
  if (token) query.set("token", token);
  if (host) query.set("host", host);
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const q = query.toString();
  return `${scheme}://${location.host}/ws/tables/${encodeURIComponent(app.id)}${q ? `?${q}` : ""}`;
}

function open(key, token) {
  const conn = { key, seat: key === SPECTATOR ? null : Number(key), token, ws: null, msg: null, retry: 0, status: "connecting", fatal: null, host: false };
  app.conns.set(key, conn);
  connect(conn);
  return conn;
}

function connect(conn) {
  const host = app.held.host && app.held.host !== conn.token ? app.held.host : null;
  const ws = new WebSocket(wsUrl(conn.token, host));
  conn.ws = ws;
  conn.status = "connecting";
  renderStatus();
  ws.addEventListener("open", () => {
    conn.status = "live";
    conn.retry = 0;
    renderStatus();
  });
  ws.addEventListener("message", (event) => {
    let message;
    try {
      message = JSON.parse(event.data);
    } catch {
      return;
    }
    receive(conn, message);
  });
  ws.addEventListener("close", (event) => {
    if (conn.ws !== ws) return;
    conn.status = "down";
    renderStatus();
    if ([4403, 4404, 4410, 1008].includes(event.code)) {
      // refused for good: no reconnecting, and the pill says why
      statusFailed("not connected", event.reason || "the server refused this connection");
      return; // told why already
    }
    conn.retry = Math.min(conn.retry + 1, 6);
    setTimeout(() => {
      if (conn.ws === ws) connect(conn);
    }, 400 * 2 ** conn.retry);
  });
}

function receive(conn, message) {
  switch (message.type) {
    case "welcome":
      conn.host = message.host;
      if (conn.key === "pending") {
        // opened from an invitation link: now we know whose seat it is
        app.conns.delete("pending");
        conn.key = keyOf(message.seat);
        conn.seat = message.seat;
        app.conns.set(conn.key, conn);
        if (app.active === "pending") app.active = conn.key;
        renderTabs();
      }
      if (message.seat !== null && message.seat !== undefined && conn.token) {
        app.held.seats[message.seat] = conn.token;
        tokens.set(app.id, app.held);
      }
      break;
    case "table":
      app.info = message.table;
      renderSide();
      renderOver();
      renderControls();
      nameMySeat(app.id, app.info, [...app.conns.values()].filter((c) => c.seat !== null).map((c) => [c.seat, c.token]));
      break;
    case "probe":
      // answered at once: the server measures this link's round trip with it (timed steps)
      if (conn.ws && conn.ws.readyState === WebSocket.OPEN) conn.ws.send(JSON.stringify({ type: "echo", id: message.id }));
      break;
    case "state":
      // a timed step's clock counts down from when the state arrived
      if (message.clock) message.clock.received = performance.now();
      stampBank(message);
      conn.msg = message;
      if (message.last) {
        app.lastActed = conn.key;
        app.applied += 1;
        document.body.dataset.applied = String(app.applied);
        sendNext(conn); // one's own action was applied: the next of a choice may go
      }
      if (conn.key === app.active && !app.replay) renderBoard();
      else maybeSwitch(conn);
      renderTabs();
      renderPeople();
      signalTurn();
      if (message.over && app.wantReplay && !app.replay) {
        app.wantReplay = false;
        startReplay(0);
      }
      break;
    case "closed":
      app.closed = true;
      for (const other of app.conns.values()) other.msg = null;
      signalTurn();
      $("over").replaceChildren();
      $("board").replaceChildren(closedPanel(message.reason));
      $("host-tools").replaceChildren();
      // nothing to act on or to deal any more: no turn marks, no invitations, no host buttons
      renderTabs();
      renderPeople();
      for (const button of $("people").querySelectorAll("button")) button.remove();
      $("invite-panel").classList.add("hidden");
      break;
    case "undone":
      // who took an action back (which one, only to its own seat)
      toast(message.action ? `You took back ${message.action}.` : `${seatLabel(message.seat)} took back an action.`, "info", 2500);
      break;
    case "over":
      conn.over = message;
      if (conn.key === app.active) renderOver();
      break;
    case "error": {
      // a refused step stops the rest of a confirmed choice: nothing is sent half-checked
      const wasSending = Boolean(conn.awaiting);
      conn.outbox = [];
      conn.awaiting = false;
      app.errors += 1;
      document.body.dataset.errors = String(app.errors);
      document.body.dataset.lastError = message.code;
      const who = app.conns.size > 1 ? `${seatLabel(conn.seat)}: ` : "";
      if (message.code === "stale") toast(`${who}The table moved on before your action arrived: choose again.`, "info", 3500);
      else toast(who + message.reason);
      if (message.code === "no_table" || message.code === "bad_token" || message.code === "full") {
        conn.fatal = message.reason;
        $("board").replaceChildren(h("div", { class: "panel" }, h("h2", {}, "Cannot join this table"), h("p", { class: "muted" }, message.reason), h("p", {}, h("a", { href: "/" }, "Back to the lobby"))));
      } else if (wasSending && conn.key === app.active && !app.replay) {
        renderBoard(); // the board stops saying "sending" and offers the choice again
      }
      break;
    }
    default:
      break;
  }
}

function send(conn, notation) {
  if (!conn || !conn.ws || conn.ws.readyState !== WebSocket.OPEN) {
    toast("Not connected: reconnecting…");
    return;
  }
  conn.ws.send(JSON.stringify({ type: "act", action: notation, seq: conn.msg ? conn.msg.seq : null }));
  app.sent += 1;
  document.body.dataset.sent = String(app.sent);
}

// A choice confirmed once may take several actions (ejections then "ready", cards played
// in order): each one waits until the server applied the one before it, and the rest is
// dropped as soon as one is refused or no longer legal.
function sendAll(conn, notations) {
  if (!notations.length) return;
  if (!conn.ws || conn.ws.readyState !== WebSocket.OPEN) {
    send(conn, notations[0]); // says it is not connected; nothing is waited for
    return;
  }
  conn.outbox = notations.slice(1);
  conn.awaiting = true; // until the last one is applied, or one is refused
  send(conn, notations[0]);
}

function sendNext(conn) {
  if (!conn.outbox || !conn.outbox.length) {
    conn.awaiting = false;
    return;
  }
  const next = conn.outbox.shift();
  if (conn.msg.legal.includes(next)) send(conn, next);
  else {
    conn.outbox = [];
    conn.awaiting = false;
    toast(`"${next}" is no longer possible: the rest of your choice was not sent. Choose again.`);
  }
}

function hostConn() {
  for (const conn of app.conns.values()) if (conn.host && conn.ws && conn.ws.readyState === WebSocket.OPEN) return conn;
  return null;
}

// ------------------------------------------------------------------ hot seat
function maybeSwitch(conn) {
  const active = app.conns.get(app.active);
  if (!active || !conn.msg || !conn.msg.legal.length) return;
  if (active.msg && active.msg.legal.length) return;
  if (conn.key === SPECTATOR) return;
  if (app.hideBetweenTurns && playedSeats().length > 1) {
    showCurtain(conn);
  } else {
    setActive(conn.key);
  }
}

function showCurtain(conn) {
  const curtain = $("curtain");
  curtain.replaceChildren(
    h("span", { class: "seat-dot", style: { width: "2rem", height: "2rem", background: seatColour(conn.seat) } }),
    h("h2", {}, `${seatLabel(conn.seat)}'s turn`),
    h("p", { class: "muted" }, "Pass the screen on: your hand stays hidden until you are ready."),
    h("button", { class: "primary", onclick: () => { curtain.classList.add("hidden"); setActive(conn.key); } }, `Show ${seatLabel(conn.seat)}'s hand`),
  );
  curtain.classList.remove("hidden");
}

function playedSeats() {
  return [...app.conns.values()].filter((c) => c.seat !== null).map((c) => c.seat);
}

function setActive(key) {
  app.active = key;
  renderTabs();
  renderBoard();
}

// ------------------------------------------------------------------ rendering
function uiFor(key) {
  if (!app.ui[key]) app.ui[key] = {};
  return app.ui[key];
}

function renderStatus() {
  const pill = $("status");
  const conns = [...app.conns.values()];
  const live = conns.length && conns.every((c) => c.status === "live");
  const down = conns.some((c) => c.status === "down");
  pill.className = `status-pill ${live ? "live" : down ? "down" : ""}`;
  pill.textContent = live ? "connected" : down ? "reconnecting" : "connecting";
}

// The pill when the table cannot be loaded at all: it stops saying "connecting" and says why.
function statusFailed(label, why) {
  const pill = $("status");
  pill.className = "status-pill down";
  pill.textContent = label;
  pill.title = why;
}

function renderTabs() {
  const tabs = $("seat-tabs");
  const conns = [...app.conns.values()];
  tabs.replaceChildren(...conns.map((conn) => h("button", {
    class: `seat-tab small${conn.key === app.active ? " active" : ""}`, "data-seat": conn.key,
    onclick: () => setActive(conn.key),
  },
  h("span", { class: "seat-dot", style: { background: seatColour(conn.seat) } }),
  conn.seat === null ? "Watching" : `${seatLabel(conn.seat)}`,
  conn.msg && conn.msg.legal.length ? h("span", { class: "turn-dot", title: "to act" }) : null)));
  const hot = $("hotseat");
  if (playedSeats().length > 1) {
    hot.replaceChildren(h("label", { class: "check" },
      h("input", { type: "checkbox", checked: app.hideBetweenTurns, onchange: (e) => { app.hideBetweenTurns = e.target.checked; } }),
      "Hot seat: hide hands between turns"));
  } else hot.replaceChildren();
}

function renderBoard() {
  const conn = app.conns.get(app.active);
  if (!conn || !conn.msg || !app.game) return;
  if (app.replay) return renderReplay();
  const message = conn.msg;
  const render = rendererFor(message.view.game);
  const ctx = {
    seat: conn.seat, table: app.info, components: app.components, ui: uiFor(conn.key), names: names(),
    over: message.over, replay: false, reveal: null, timer: message.timer || null, clock: message.clock || null,
    waiting_for: message.waiting_for, title: app.game.title, rerender: renderBoard,
    sendAll: (notations) => sendAll(conn, notations), sending: Boolean(conn.awaiting),
  };
  let board;
  try {
    board = render(message.view, message.legal, (notation) => send(conn, notation), ctx);
  } catch (error) {
    console.error(error);
    board = rendererFor("")(message.view, message.legal, (notation) => send(conn, notation), ctx);
  }
  $("board").replaceChildren(board);
  renderControls();
  renderOver();
  renderLog(message.view, conn.key);
  // for scripts driving the page (and the browser test): a counter of redraws, and whether
  // a confirmed choice is still being sent (its later actions wait for the earlier ones)
  app.updates += 1;
  document.body.dataset.sending = ctx.sending ? "1" : "0";
  document.body.dataset.updates = String(app.updates);
}

function renderControls() {
  $("seat-controls").replaceChildren(...seatControls(app.replay ? null : app.conns.get(app.active), app.info));
}

function renderLog(view, key) {
  const log = Array.isArray(view.log) ? view.log : [];
  const shown = names();
  const texts = log.map((e) => logLine(typeof e === "string" ? e : e.text || JSON.stringify(e), shown));
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

function renderSide() {
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

function renderPeople() {
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
    else if (code) rows.push(linkRow(`${seatLabel(seat.seat)} (one-time invitation${seat.open ? "; also open to the lobby" : ""})`, `${location.origin}/t/${app.id}?invite=${code}`));
    rows.push(h("button", { class: "small", "data-invite": seat.seat, hidden: seat.claimed, onclick: () => newInvitation(seat.seat) }, code ? "New link (the old one stops working)" : "Make an invitation link"));
  }
  rows.push(linkRow("Watch", `${location.origin}/t/${app.id}`));
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

function linkRow(label, link) {
  const input = h("input", { type: "text", value: link, readonly: true, onfocus: (e) => e.target.select() });
  return h("div", {}, h("div", { class: "faint small" }, label), h("div", { class: "row" }, input,
    h("button", { class: "small", onclick: async () => {
      try {
        await navigator.clipboard.writeText(link);
        toast("Link copied", "info", 1800);
      } catch {
        input.select();
      }
    } }, "Copy")));
}

// ------------------------------------------------------------------ the end
function renderOver() {
  const box = $("over");
  const conn = app.conns.get(app.active);
  const message = conn && conn.msg;
  if (!message || !message.over || app.replay) {
    box.replaceChildren();
    return;
  }
  const view = message.view;
  const winners = view.winners || (conn.over && conn.over.winners) || [];
  const scores = view.scores || (conn.over && conn.over.scores) || [];
  const players = Array.isArray(view.players) ? view.players : scores.map((score, seat) => ({ seat }));
  const detailed = players.some((p) => p.score && typeof p.score === "object");
  const order = [...players].sort((a, b) => (scores[b.seat] ?? 0) - (scores[a.seat] ?? 0));
  const cooperative = Boolean(app.game && app.game.cooperative);
  let headline = "Game over";
  if (cooperative) headline = winners.length ? "The whole table wins together" : "The whole table loses together";
  else if (winners.length) headline = `${winners.map(seatLabel).join(" and ")} ${winners.length > 1 ? "win" : "wins"}`;
  else if (players.length === 1) headline = `${seatLabel(players[0].seat)} loses`;  // a solitaire game not won
  else headline = "Nobody wins";
  const next = app.info && app.info.next;
  box.replaceChildren(h("section", { class: "over-panel", id: "game-over" },
    h("div", { class: "headline" },
      h("h2", {}, "Game over"),
      h("span", { class: "laureate" }, headline, app.game && app.game.id === "quirky-quarks" ? " — Nobel Laureate in Physics!" : "")),
    resultWords(conn),
    h("table", { class: "scores" },
      h("thead", {}, h("tr", {}, h("th", {}, "Player"), detailed ? [h("th", {}, "Quests"), h("th", {}, "Bonus"), h("th", {}, "eV")] : null, h("th", {}, "Score"))),
      h("tbody", {}, order.map((p) => h("tr", { class: winners.includes(p.seat) ? "winner" : "" },
        h("td", {}, h("span", { class: "seat-dot", style: { background: seatColour(p.seat) } }), " ", seatLabel(p.seat),
          playedSeats().includes(p.seat) ? h("span", { class: "faint" }, " (you)") : ""),
        detailed ? [h("td", {}, String(p.score.quests)), h("td", {}, String(p.score.bonus)), h("td", {}, String(p.score.ev))] : null,
        h("td", { class: "total" }, String(scores[p.seat] ?? ""))))),
    ),
    h("div", { class: "over-actions" },
      h("button", { class: "gold", id: "play-again", onclick: playAgain }, next ? "Join the next game" : "Play again"),
      h("button", { id: "replay-start", onclick: () => startReplay(0) }, "Replay the game"),
      h("a", { class: "button", href: "/" }, "Back to the lobby")),
  ));
  const note = botsNote(conn.over, seatLabel);
  if (note) $("game-over").append(note);
}

// Who won and why, in the game's words, as the server says it when the game ends.
function resultWords(conn) {
  const words = conn && conn.over && conn.over.result;
  return words ? h("p", { class: "result-words", id: "result-words" }, words) : null;
}

async function playAgain() {
  const next = app.info && app.info.next;
  if (next && Object.keys(tokens.get(next).seats).length) {
    location.href = `/t/${next}`; // this browser has its seat there already
    return;
  }
  const token = app.held.host || Object.values(app.held.seats)[0];
  if (!token) {
    toast("Only the players of this table can start its next game.");
    return;
  }
  try {
    const answer = await api(`/api/tables/${app.id}/again`, { method: "POST", body: { token, ...identity() } });
    const play = app.held.play ? answer.seats.map((s) => s.seat).filter((s) => app.held.play.includes(s)) : null;
    tokens.remember(answer, { play });
    location.href = `/t/${answer.id}`;
  } catch (error) {
    toast(error.message);
  }
}

// ------------------------------------------------------------------ replay
async function startReplay(step) {
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
  renderBoard();
}

function renderReplay() {
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
  const slider = h("input", { type: "range", min: 0, max: replay.steps - 1, value: replay.step, onchange: (e) => go(Number(e.target.value)) });
  const what = data.action ? `${seatLabel(data.action.seat)}: ${data.action.action}` : replay.step === 0 ? "The deal" : "";
  $("replay-bar").replaceChildren(h("div", { class: "replay-bar", id: "replay" },
    h("b", {}, "Replay"),
    h("button", { class: "small", onclick: () => go(0), "aria-label": "first", title: "first" }, icon("first")),
    h("button", { class: "small", id: "replay-prev", onclick: () => go(replay.step - 1), "aria-label": "previous", title: "previous (←)" }, icon("prev")),
    h("span", { class: "step" }, `${replay.step} / ${replay.steps - 1}`),
    h("button", { class: "small", id: "replay-next", onclick: () => go(replay.step + 1), "aria-label": "next", title: "next (→)" }, icon("next")),
    h("button", { class: "small", onclick: () => go(replay.steps - 1), "aria-label": "last", title: "last" }, icon("last")),
    slider,
    data.views ? select : null,
    h("button", { class: "small", onclick: stopReplay }, "Leave replay"),
    h("div", { class: "what" }, what),
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
  $("board").replaceChildren(rendererFor(view.game)(view, [], () => {}, ctx));
  renderLog(view, "replay");
}

document.addEventListener("keydown", (event) => {
  if (!app.replay || event.target.tagName === "INPUT" || event.target.tagName === "SELECT") return;
  if (event.key === "ArrowLeft") loadReplay(Math.max(0, app.replay.step - 1));
  if (event.key === "ArrowRight") loadReplay(Math.min(app.replay.steps - 1, app.replay.step + 1));
});

setInterval(() => {
  if (app.info && (app.info.turn_timer || app.info.time_bank)) renderPeople();
}, 1000);

// ------------------------------------------------------------------ start
async function start() {
  if (!app.id) {
    $("board").replaceChildren(h("div", { class: "panel" }, h("h2", {}, "No table"), h("p", {}, h("a", { href: "/" }, "Choose one in the lobby"))));
    return;
  }
  app.held = tokens.get(app.id);
  // on a phone the event log starts folded, under the board
  if (window.matchMedia("(max-width: 700px)").matches) $("log-panel").open = false;
  const urlToken = params.get("token");
  const invitation = params.get("invite");
  if (urlToken || invitation) {
    // a seat's link: play that seat here (the token's seat is learnt on welcome)
    history.replaceState(null, "", `/t/${app.id}${app.wantReplay ? "?replay=1" : ""}`);
  }
  if (invitation) {
    // a one-time invitation: exchanged for this browser's own seat token
    try {
      const answer = await api(`/api/tables/${encodeURIComponent(app.id)}/join`, { method: "POST", body: { invitation, ...identity() } });
      const play = [...new Set([...(app.held.play || Object.keys(app.held.seats).map(Number)), ...answer.seats.map((s) => s.seat)])];
      app.held = tokens.remember(answer, { play });
    } catch (error) {
      // its seat taken by someone else: say who, and watch (the server's sentence says both)
      if (error.status === 403) toast(`${error.message[0].toUpperCase()}${error.message.slice(1)}.`, "info", 10000);
      else toast(`This invitation cannot be used: ${error.message}`);
    }
  }
  let table;
  try {
    table = await api(`/api/tables/${encodeURIComponent(app.id)}`);
  } catch (error) {
    $("board").replaceChildren(h("div", { class: "panel" }, h("h2", {}, "Cannot open this table"), h("p", { class: "muted" }, error.message), h("p", {}, h("a", { href: "/" }, "Back to the lobby"))));
    statusFailed("not available", error.message);
    return;
  }
  app.info = table.table;
  const [games, components] = await Promise.all([
    api("/api/games"),
    api(`/api/games/${encodeURIComponent(app.info.game)}/components`).catch(() => ({ files: {} })),
  ]);
  app.game = games.find((g) => g.id === app.info.game) || { id: app.info.game, title: app.info.title, bots: [] };
  app.components = components.files;
  setBaseTitle(`${app.game.title} · Quarkade`);
  document.querySelector(".topbar nav").before(soundToggle());
  $("game-title").textContent = app.game.title;
  $("rules-link").href = `/rules.html?game=${encodeURIComponent(app.game.id)}`;

  const seats = Object.entries(app.held.seats).map(([seat, token]) => [Number(seat), token]);
  const play = app.held.play;
  const mine = seats.filter(([seat, token]) => !urlToken && (!play || play.includes(seat)) && token !== urlToken);
  if (urlToken) {
    const known = seats.find(([, token]) => token === urlToken);
    open(known ? String(known[0]) : "pending", urlToken);
  }
  for (const [seat, token] of mine) open(String(seat), token);
  if (!app.conns.size) open(SPECTATOR, app.held.host || null);
  app.active = [...app.conns.keys()][0];
  renderSide();
  renderTabs();
}

start();
