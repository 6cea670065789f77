// The end of a game: who won and the scores, and the ways on (the next game, the replay,
// the lobby).

import { api, h, seatColour, toast, tokens } from "./util.js";
import { identity } from "./player.js";
import { botsNote } from "./seat-controls.js";
import { $, app, playedSeats, seatLabel } from "./table-state.js";
import { startReplay } from "./table-replay.js";

export function renderOver() {
  const box = $("over");
  const conn = app.conns.get(app.active);
  const message = conn && conn.msg;
  // a board still playing out the end (its log held back, Quirky Circuits' last queue) tells the
  // result once it has shown it: its redraw at the end of the animation comes back here
  const ui = app.ui[app.active];
  if (!message || !message.over || app.replay || (ui && Number.isInteger(ui.logShown))) {
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
      nextGameButton(next),
      h("button", { id: "replay-start", onclick: () => startReplay(0) }, "Replay the game"),
      h("a", { class: "button", href: "/" }, "Back to the lobby")),
  ));
  const note = botsNote(conn.over, seatLabel);
  if (note) $("game-over").append(note);
}

// The next game with the same settings: its players start it or join it; a spectator, who holds
// no seat here, watches it once it is there.
function nextGameButton(next) {
  if (app.held.host || Object.values(app.held.seats).length) {
    return h("button", { class: "gold", id: "play-again", onclick: playAgain }, next ? "Join the next game" : "Play again");
  }
  return next ? h("a", { class: "button gold", id: "watch-next", href: `/t/${next}` }, "Watch the next game") : null;
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
  try {
    const answer = await api(`/api/tables/${app.id}/again`, { method: "POST", body: { token, ...identity() } });
    const play = app.held.play ? answer.seats.map((s) => s.seat).filter((s) => app.held.play.includes(s)) : null;
    tokens.remember(answer, { play });
    location.href = `/t/${answer.id}`;
  } catch (error) {
    toast(error.message);
  }
}
