// The lobby: the games, a form to set a table, open tables to join or watch, finished
// games to replay.

import { api, h, seatColour, timeAgo, toast, tokens } from "./util.js";
import { askName, identity, nameForm, player } from "./player.js";

const $ = (id) => document.getElementById(id);
let games = [];

const ART_COLOURS = [["#ff7a59", "#c2245d"], ["#34d399", "#0e7490"], ["#60a5fa", "#6d28d9"], ["#fbbf24", "#d9480f"], ["#f472b6", "#7c3aed"], ["#a3e635", "#15803d"]];

// The games drawn in static/img/games/<id>.svg; Quirky Quarks has the site's own logo. A game
// not listed here (a new one) gets a tile of its initials on a gradient of its own.
const ART = { "quirky-quarks": "/img/logo.svg" };
for (const id of ["quirks", "quirks-solitaire", "quirkling", "quirky-circuits", "qwarks", "cosmic-encounter"]) ART[id] = `/img/games/${id}.svg`;

function gameArt(game) {
  if (ART[game.id]) return h("img", { class: "art", src: ART[game.id], alt: "" });
  let hash = 2166136261;  // FNV-1a, so that similar ids get different colours
  for (const ch of game.id) hash = Math.imul(hash ^ ch.charCodeAt(0), 16777619) >>> 0;
  const [a, b] = ART_COLOURS[hash % ART_COLOURS.length];
  const initials = game.title.split(/\s+/).map((w) => w[0]).join("").slice(0, 2).toUpperCase();
  return h("div", { class: "art initials", style: { "--a": a, "--b": b } }, initials);
}

// A variant in words: the label of the option of that name, else the name with its
// underscores and dashes read as spaces ("random_mutation" is no word a player knows).
function variantWords(game, variant) {
  const option = (game.options || []).find((o) => o.name === variant || o.name === variant.replace(/-/g, "_"));
  if (option && option.label) return option.label;
  const words = variant.replace(/[_-]+/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function renderGames() {
  $("game-count").textContent = `${games.length} game${games.length === 1 ? "" : "s"}`;
  const chosen = $("game").value;
  $("games").replaceChildren(...games.map((game) => h("article", { class: `game-card${game.id === chosen ? " selected" : ""}`, "data-game": game.id },
    gameArt(game),
    h("div", {},
      h("h3", {}, game.title),
      h("div", { class: "chips" },
        h("span", { class: "chip" }, playersRange(game)),
        ...(game.variants || []).map((v) => h("span", { class: "chip gold" }, variantWords(game, v))),
        h("span", { class: "chip good" }, `bots: ${offeredBots(game).map(botName).join(", ")}`)),
      h("p", {}, game.summary),
      h("div", { class: "actions" },
        h("button", { class: "small primary", "aria-label": `Set up a ${game.title} table`, onclick: () => setUp(game) }, "Set up a table"),
        h("a", { class: "button small", href: `/rules.html?game=${encodeURIComponent(game.id)}`, "aria-label": `Rules of ${game.title}` }, "Rules")),
    ))));
}

// The form takes the game, and the focus: a keyboard goes on from its first field.
function setUp(game) {
  $("game").value = game.id;
  formChanged();
  $("game").focus({ preventScroll: true });
  $("new-table").scrollIntoView({ behavior: "smooth" });
}

// What a table's buttons are named for a screen reader: the action, the game and the table
// ("Watch Quirks table k3f9"), so that a list of tables does not read "Watch, Watch, Watch".
function tableLabel(verb, table) {
  return `${verb} ${table.title} table ${table.id}`;
}

function currentGame() {
  return games.find((g) => g.id === $("game").value) || games[0];
}

function seatOptions(game, value) {
  const kinds = ["human", ...offeredBots(game)];
  return kinds.map((kind) => h("option", { value: kind, selected: kind === value, title: kind === "human" ? "" : botHelp(game, kind) }, kind === "human" ? "Human" : `${botName(kind)} bot`));
}

function formChanged() {
  const game = currentGame();
  if (!game) return;
  const players = Number($("players").value) || game.default_players;
  $("players").replaceChildren(...Array.from({ length: game.max_players - game.min_players + 1 }, (_, i) => {
    const n = game.min_players + i;
    return h("option", { value: n, selected: n === Math.min(Math.max(players, game.min_players), game.max_players) }, playerCount(n));
  }));
  const count = Number($("players").value);
  const previous = [...$("seats").querySelectorAll("select")].map((sel) => sel.value);
  const offered = offeredBots(game);
  const bot = offered.includes("normal") ? "normal" : offered[0];
  $("seats").replaceChildren(...Array.from({ length: count }, (_, seat) => h("div", { class: "seat-row" },
    h("span", { class: "seat-name" }, h("span", { class: "seat-dot", style: { background: seatColour(seat) } }), `Seat ${seat + 1}`),
    h("select", { name: `seat-${seat}`, "aria-label": `seat ${seat + 1}`, "data-seat": seat }, seatOptions(game, previous[seat] || (seat === 0 ? "human" : bot))))));
  renderOptionForm(game);
  renderGames();
}

// ------------------------------------------------------------------ the options, in words
// The bots by name. What playing against each is like comes from the server (bot_about), in
// each game's own words where its bots differ (Qwarks' levels are reaction times and memory).
const BOT_NAMES = { heuristic: "Steady", mcts: "Strong" };

function botName(kind) {
  return BOT_NAMES[kind] || `${kind[0].toUpperCase()}${kind.slice(1)}`;
}

function botHelp(game, kind) {
  return (game.bot_about || {})[kind] || "";
}

// The bots the lobby offers people, weakest first (random play and the levels); a table takes
// the other kinds too (through the API), and shows them by name.
function offeredBots(game) {
  return game.offered_bots && game.offered_bots.length ? game.offered_bots : game.bots;
}

function playerCount(n) {
  return `${n} player${n === 1 ? "" : "s"}`;
}

function playersRange(game) {
  return game.min_players === game.max_players ? playerCount(game.min_players) : `${game.min_players}–${game.max_players} players`;
}

// The help without the label it may start with ("Random Mutation: …" under "Random Mutation",
// "for young scientists: …" under "Young scientists").
function optionHelp(option) {
  const help = option.help || "";
  const label = option.label || option.name;
  const lead = [`${label}:`, `for ${label}:`].find((start) => help.toLowerCase().startsWith(start.toLowerCase()));
  const said = lead ? help.slice(lead.length).trim() : help;
  return said ? said[0].toUpperCase() + said.slice(1) : "";
}

function choiceWords(option, value) {
  const pair = (option.choice_labels || []).find(([v]) => v === value);
  return pair ? pair[1] : String(value).replace(/[-_]/g, " ");
}

function optionField(option) {
  const label = option.label || option.name;
  const help = optionHelp(option);
  // under a checkbox the help lines up with the label, not the box
  const helpLine = help ? h("div", { class: "faint small option-help", style: option.type === "bool" ? { paddingLeft: "1.9rem", marginTop: "-.2rem" } : {} }, help) : null;
  let field;
  if (option.type === "bool") {
    field = h("div", {}, h("label", { class: "check" }, h("input", { type: "checkbox", name: option.name, checked: option.default }), label), helpLine);
  } else if (option.choices && option.choices.length) {
    field = h("div", {}, h("label", { for: `option-${option.name}` }, label),
      h("select", { name: option.name, id: `option-${option.name}` }, option.choices.map((c) => h("option", { value: c, selected: c === option.default }, choiceWords(option, c)))), helpLine);
  } else {
    const bounds = option.type === "int" ? { min: option.minimum ?? undefined, max: option.maximum ?? undefined } : {};
    field = h("div", {}, h("label", { for: `option-${option.name}` }, label),
      h("input", { name: option.name, id: `option-${option.name}`, type: option.type === "int" ? "number" : "text", value: option.default, ...bounds }), helpLine);
  }
  field.dataset.option = option.name;
  field.dataset.type = option.type;
  return field;
}

function renderOptionForm(game) {
  // An option for some player counts only (Qwarks' 2 Player Variant) is offered at those counts.
  const count = Number($("players").value);
  const options = (game.options || []).filter((o) => !(o.players || []).length || o.players.includes(count));
  $("options-field").classList.toggle("hidden", options.length === 0);
  $("options").replaceChildren(...options.map(optionField));
  const about = $("bot-help");
  if (about) about.replaceChildren(...offeredBots(game).map((kind) => h("div", { class: "small" }, h("b", {}, botName(kind)), ` — ${botHelp(game, kind)}`)));
}

function readOptions(game) {
  const out = {};
  for (const option of game.options || []) {
    const field = document.querySelector(`#options [name="${option.name}"]`);
    if (!field) continue;
    if (option.type === "bool") out[option.name] = field.checked;
    else if (option.type === "int") out[option.name] = Number(field.value);
    else out[option.name] = field.value;
  }
  return out;
}

async function createTable(event) {
  event.preventDefault();
  const game = currentGame();
  const seats = [...$("seats").querySelectorAll("select")].map((sel) => sel.value);
  const timer = $("timer").value ? Number($("timer").value) : null;
  const bank = $("bank").value ? $("bank").value.split("+").map(Number) : null; // "reserve+bonus" seconds
  $("create-error").textContent = "";
  $("create").disabled = true;
  try {
    const humans = seats.map((kind, seat) => (kind === "human" ? seat : null)).filter((s) => s !== null);
    // the host holds the tokens of the seats it plays only; the others get invitations
    const play = $("hotseat").checked ? humans : humans.slice(0, 1);
    const answer = await api("/api/tables", {
      method: "POST",
      body: { game: game.id, players: seats.length, seats, options: readOptions(game), turn_timer: timer, time_bank: bank ? { reserve: bank[0], bonus: bank[1] } : null, public: $("public").checked, play, ...identity() },
    });
    tokens.remember(answer, { play });
    location.href = `/t/${answer.id}`;
  } catch (error) {
    $("create-error").textContent = error.message;
    $("create").disabled = false;
  }
}

// who sits at a table (names, bots by level) and which seats are still open or invited
function seatWord(seat) {
  if (seat.kind !== "human" || seat.claimed) return seat.name;
  return seat.open ? "Open seat" : "Invited";
}

function seatPills(table) {
  return h("div", { class: "seat-pills" }, table.seats.map((seat) => h("span", {
    class: `seat-pill${seat.open ? " free" : ""}${seat.connected ? " on" : ""}${seat.kind !== "human" ? " bot" : ""}`,
    title: seat.kind === "human" && seat.claimed ? (seat.connected ? "at the table" : "away") : "",
  }, seatWord(seat), seat.bot ? h("span", { class: "faint" }, " · a bot plays for its player") : null)));
}

// the seats bots played for their people, and for how many moves
function botsLine(table) {
  const bots = table.bots || [];
  return bots.length ? h("div", { class: "faint small bots-note" },
    bots.map((b) => `${seatLabel(table, b.seat)} played by a bot for ${b.moves} move${b.moves === 1 ? "" : "s"}`).join("; ")) : null;
}

// A seat by its player's name ("Ada's seat"), else by its number counted from 1 (a seat a
// bot ended is listed under the bot's name, no person's).
function seatLabel(table, seat) {
  const entry = (table.seats || []).find((s) => s.seat === seat);
  return entry && entry.name && entry.kind === "human" ? `${entry.name}'s seat` : `Seat ${seat + 1}`;
}

function openCount(table) {
  const open = table.seats.filter((s) => s.open).length;
  return open ? h("div", { class: "small open-count" }, `${open} open seat${open > 1 ? "s" : ""}`) : null;
}

function seatNameOf(table, seat) {
  const known = table.seats && table.seats[seat];
  return known && known.name ? known.name : `Seat ${seat + 1}`;
}

// a first visit asks for a name at the top of the lobby (nothing waits for it: a table
// opened without one shows its seat's number)
function renderPlayer() {
  const { name } = player();
  const panel = $("name-panel");
  panel.classList.toggle("hidden", Boolean(name));
  if (!name && !panel.querySelector("form")) {
    panel.replaceChildren(nameForm({
      title: "Welcome! What should the other players call you?",
      text: "Pick a name (1 to 24 characters). It stays in this browser, with no password; you can change it any time.",
      submit: "Save my name", onSaved: renderPlayer,
    }));
  }
  $("player-bar").replaceChildren(
    // without a name the panel above asks for one
    name ? h("span", { class: "muted small playing-as" }, "Playing as ", h("b", { id: "player-name-shown" }, name)) : "",
    name ? h("button", { class: "small ghost", id: "change-name", type: "button", onclick: () => askName().then(renderPlayer) }, "Change name") : "");
}

async function join(table) {
  try {
    const answer = await api(`/api/tables/${table.id}/join`, { method: "POST", body: identity() });
    tokens.remember(answer, { play: answer.seats.map((s) => s.seat) });
    location.href = `/t/${answer.id}`;
  } catch (error) {
    toast(error.message);
    loadTables();
  }
}

// the tables this browser plays at, latest first: the server says which are still played
function myTableIds(mine) {
  return Object.keys(mine).filter((id) => Object.keys(mine[id].seats || {}).length || mine[id].host)
    .sort((a, b) => (mine[b].saved || 0) - (mine[a].saved || 0)).slice(0, 20);
}

function renderMine(yours) {
  $("my-tables-panel").classList.toggle("hidden", !yours.length);
  $("my-tables").replaceChildren(h("table", { class: "list" },
    h("tbody", {}, yours.map((table) => h("tr", { "data-table": table.id },
      h("td", {}, h("b", {}, table.title), h("div", { class: "faint small mono" }, table.id)),
      h("td", {}, seatPills(table)),
      h("td", { class: "act" }, h("a", { class: "button small primary", href: `/t/${table.id}`, "aria-label": tableLabel("Resume", table) }, "Resume")))))));
}

async function loadTables() {
  let listing;
  const mine = tokens.all();
  const ids = myTableIds(mine);
  try {
    listing = await api(ids.length ? `/api/tables?mine=${encodeURIComponent(ids.join(","))}` : "/api/tables");
  } catch (error) {
    toast(error.message);
    return;
  }
  if (!$("open-tables")) return; // the lists have left the page (a script drew something else there)
  renderMine(listing.yours || []);
  const open = listing.open;
  $("open-tables").replaceChildren(open.length ? h("table", { class: "list" },
    h("thead", {}, h("tr", {}, h("th", {}, "Game"), h("th", {}, "Seats"), h("th", {}, "Opened"), h("th", {}))),
    h("tbody", {}, open.map((table) => {
      const free = table.seats.some((s) => s.open);
      const held = mine[table.id] && Object.keys(mine[table.id].seats || {}).length;
      return h("tr", {},
        h("td", {}, h("b", {}, table.title), h("div", { class: "faint small mono" }, table.id)),
        h("td", {}, seatPills(table), openCount(table)),
        h("td", { class: "muted small" }, timeAgo(table.created)),
        h("td", { class: "act" },
          held ? h("a", { class: "button small primary", href: `/t/${table.id}`, "aria-label": tableLabel("Resume", table) }, "Resume")
            : free ? h("button", { class: "small primary", onclick: () => join(table), "aria-label": tableLabel("Join", table) }, "Join") : null,
          " ", h("a", { class: "button small", href: `/t/${table.id}`, "aria-label": tableLabel("Watch", table) }, "Watch")));
    }))) : h("p", { class: "empty" }, "No open table: set one up."));
  const finished = listing.finished;
  $("finished-tables").replaceChildren(finished.length ? h("table", { class: "list" },
    h("thead", {}, h("tr", {}, h("th", {}, "Game"), h("th", {}, "Result"), h("th", {}, "Ended"), h("th", {}))),
    h("tbody", {}, finished.map((table) => h("tr", {},
      h("td", {}, h("b", {}, table.title), h("div", { class: "faint small" }, playerCount(table.players)), botsLine(table)),
      table.result ? h("td", { class: "small result-words" }, table.result)
        : h("td", {}, (table.winners || []).map((w) => h("span", { class: "chip gold" }, `${seatNameOf(table, w)} won`)), " ",
          h("span", { class: "muted small" }, (table.scores || []).map((score) => String(score)).join(" · "))),
      h("td", { class: "muted small" }, timeAgo(table.finished || table.created)),
      h("td", { class: "act" }, h("a", { class: "button small", href: `/t/${table.id}?replay=1`, "aria-label": `Replay ${table.title} game ${table.id}, ended ${timeAgo(table.finished || table.created)}` }, "Replay")))))) : h("p", { class: "empty" }, "No finished game yet."));
}

async function start() {
  try {
    games = await api("/api/games");
  } catch (error) {
    $("games").replaceChildren(h("p", { class: "form-error" }, error.message));
    return;
  }
  $("game").replaceChildren(...games.map((game) => h("option", { value: game.id }, game.title)));
  const wanted = new URLSearchParams(location.search).get("game");
  if (wanted && games.some((g) => g.id === wanted)) $("game").value = wanted;
  $("players").replaceChildren(h("option", { value: currentGame().default_players }, ""));
  formChanged();
  $("game").addEventListener("change", () => { $("players").value = ""; formChanged(); });
  $("players").addEventListener("change", formChanged);
  $("create-form").addEventListener("submit", createTable);
  $("refresh").addEventListener("click", loadTables);
  document.addEventListener("quarkade:name", renderPlayer);
  renderPlayer();
  loadTables();
  setInterval(loadTables, 10000);
}

start();
