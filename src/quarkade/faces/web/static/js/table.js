// The table page: one websocket per seat this browser plays (hot seat: several), or one
// as a spectator; the game's renderer draws the active seat's view; the side shows the
// players, invitations, host tools and the event log; at the end, scores and a replay.
// This module holds the connections, the hot seat and the board; the side is table-side.js,
// the end table-over.js, the replay table-replay.js, and what they share table-state.js.

import { api, h, seatColour, toast, tokens } from "./util.js";
import { rendererFor } from "./renderers/index.js";
import { identity } from "./player.js";
import { setBaseTitle, showTurn, soundToggle } from "./presence.js";
import { closedPanel } from "./host-close.js";
import { nameMySeat } from "./seat-name.js";
import { seatControls, stampBank } from "./seat-controls.js";
import { $, SPECTATOR, app, keyOf, names, params, playedSeats, seatLabel } from "./table-state.js";
import { renderLog, renderPeople, renderSide } from "./table-side.js";
import { renderOver } from "./table-over.js";
import { renderReplay, replayLeavesTo, startReplay } from "./table-replay.js";
import { markScrollingRows, showPrompted } from "./board-sight.js";
import { drawKeepingFocus } from "./board-access.js";

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
  const conn = { key, seat: key === SPECTATOR ? null : Number(key), token, ws: null, msg: null, retry: 0, status: "connecting", host: false };
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
  // The link is live once the server has welcomed this token, not when the socket opens: a
  // refused token opens a socket too, and is closed with the reason at once.
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
    if (conn.voided) {
      followRenewal(conn, ws);
      return;
    }
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

// A token dealt again voids the old one, and the server closes the pages that held it. When
// another page of this browser asked (an invitation link opened again, "play again"), that page
// stored the new token in this browser's storage: this page takes it up and goes on. A page that
// was not connected then learns it on its next attempt, as a token that opens no seat, and looks
// in the storage the same way. A page of another browser finds nothing, and stays closed: the
// seat is not its own any more.
const RENEWAL_WAIT_MS = 3000; // (the asking page stores the token once the server's answer arrives)

function cannotJoin(why) {
  $("board").replaceChildren(h("div", { class: "panel" }, h("h2", {}, "Cannot join this table"), h("p", { class: "muted" }, why), h("p", {}, h("a", { href: "/" }, "Back to the lobby"))));
}

// Which seat a message is about, when this page plays several.
function whose(conn) {
  return app.conns.size > 1 ? `${seatLabel(conn.seat)}: ` : "";
}

// The server refused this connection for good: the player is told why, and nothing reconnects.
function refuse(conn, why) {
  toast(whose(conn) + why);
  statusFailed("not connected", why);
  cannotJoin(why);
}

function followRenewal(conn, ws) {
  const { why, wait } = conn.voided;
  conn.voided = null;
  const until = performance.now() + wait;
  const look = () => {
    if (conn.ws !== ws) return;
    const held = tokens.get(app.id);
    const hostToken = app.held.host && conn.token === app.held.host; // a spectator holding the host's powers
    const token = hostToken ? held.host : conn.seat === null ? conn.token : held.seats[conn.seat];
    const seatMoved = Boolean(token) && token !== conn.token;
    const hostMoved = conn.host && Boolean(held.host) && held.host !== app.held.host;
    if (seatMoved || hostMoved) {
      app.held = held;
      conn.token = token || conn.token;
      connect(conn);
    } else if (performance.now() < until) {
      setTimeout(look, 100);
    } else {
      refuse(conn, why);
    }
  };
  look();
}

function receive(conn, message) {
  switch (message.type) {
    case "welcome":
      conn.status = "live";
      conn.retry = 0;
      renderStatus();
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
      const who = whose(conn);
      if (message.code === "renewed" || message.code === "bad_token") {
        // the server closes this page's link next: followRenewal looks for a new token (waiting
        // for it when the server says it was just dealt)
        conn.voided = { why: message.reason, wait: message.code === "renewed" ? RENEWAL_WAIT_MS : 0 };
        break;
      }
      if (["no_table", "full", "busy"].includes(message.code)) {
        refuse(conn, message.reason);
        break;
      }
      if (message.code === "stale") toast(`${who}The table moved on before your action arrived: choose again.`, "info", 3500);
      else toast(who + message.reason);
      if (wasSending && conn.key === app.active && !app.replay) {
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
    class: `seat-tab small${conn.key === app.active ? " active" : ""}`, "data-seat": conn.key, "aria-pressed": String(conn.key === app.active),
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

// A press on the board (a button or a finger down) holds the redraws that arrive before it
// ends, for at most PRESS_HOLD_MS: a board drawn anew between the press and the release would
// lose the click (the browser gives it to what the old and the new element have in common, not
// to the card pressed). In a Qwarks race, the others' hands land while one covers a card.
// The held redraw is made just after the click. (For scripts: body[data-held] while one waits.)
const PRESS_HOLD_MS = 1000;
const press = { down: false, held: false, timer: 0 };

function pressed(event) {
  if (!event.isPrimary || event.button !== 0) return;
  press.down = true;
  clearTimeout(press.timer);
  press.timer = setTimeout(released, PRESS_HOLD_MS);
}

function released() {
  if (!press.down) return;
  press.down = false;
  clearTimeout(press.timer);
  if (!press.held) return;
  press.held = false;
  delete document.body.dataset.held;
  setTimeout(renderBoard, 0); // after the click this release makes
}

function renderBoard() {
  const conn = app.conns.get(app.active);
  if (!conn || !conn.msg || !app.game) return;
  if (press.down) {
    press.held = true;
    document.body.dataset.held = "1";
    return;
  }
  if (app.replay) return renderReplay();
  const message = conn.msg;
  const render = rendererFor(message.view.game);
  const ctx = {
    seat: conn.seat, table: app.info, components: app.components, ui: uiFor(conn.key), names: names(),
    over: message.over, replay: false, reveal: null, timer: message.timer || null, clock: message.clock || null,
    waiting_for: message.waiting_for, optional: message.optional || [], title: app.game.title, rerender: renderBoard,
    sendAll: (notations) => sendAll(conn, notations), sending: Boolean(conn.awaiting),
  };
  let board;
  try {
    board = render(message.view, message.legal, (notation) => send(conn, notation), ctx);
  } catch (error) {
    console.error(error);
    board = rendererFor("")(message.view, message.legal, (notation) => send(conn, notation), ctx);
  }
  drawKeepingFocus($("board"), board);
  // a new prompt: other choices, or the same ones again after one's own action was applied
  showPrompted($("board"), conn, message.legal.length ? `${app.applied}|${message.legal.join("|")}` : "");
  markScrollingRows($("board"));
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
  const controls = seatControls(app.replay ? null : app.conns.get(app.active), app.info);
  $("seat-controls").replaceChildren(...controls.filter((el) => el.id !== "undo"));
  $("undo-slot").replaceChildren(...controls.filter((el) => el.id === "undo"));
}

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

replayLeavesTo(renderBoard);
$("board").addEventListener("pointerdown", pressed, true);
for (const name of ["pointerup", "pointercancel"]) window.addEventListener(name, released, true);
// A board is drawn for the window's width (Quirks' climate table in rows on a phone): a phone
// turned, or a window narrowed past a phone's width, has it drawn again.
window.matchMedia("(max-width: 700px)").addEventListener("change", () => renderBoard());
start();
