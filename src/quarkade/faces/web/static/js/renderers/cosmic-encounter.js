// Cosmic Encounter (with the Quarks expansion): the home systems and their planets, the warp,
// the cone and the encounter (offence, defence, allies, the challenge cards, totals and the
// result), the Phase Diagram with its State Indicator, the deal dialog with its countdown, and
// your hand. Every legal action the view offers is a button carrying its notation in
// data-action; what has no picture of its own falls into the "other moves" list.

import { h, revealedOf, seatColour, seatName, useStyle } from "../util.js";

const DEAL_SECONDS = 60; // the rulebook's minute; the host applies the timeout
const FLAVOUR_NAMES = { up: "Up", down: "Down", strange: "Strange" };
const FLAVOUR_KEYS = ["up", "down", "strange"];
const EDICT_TEXT = {
  zap: "Cosmic Zap: cancel one player's power for the rest of the challenge.",
  mobius: "Mobius Tubes: every token in the warp returns to its owner's bases.",
  forcefield: "Force Field: every ally goes home.",
  finder: "Finder: name a player and an Attack value; take such a card from their hand.",
  plague: "Plague: a player loses three tokens to the warp and one card.",
  quake: "Cosmic Quake: every hand is discarded and seven are dealt again.",
};
// the edicts' names as the rulebook (and the log) writes them: "Cosmic Zap", "Force Field"
const EDICT_NAMES = Object.fromEntries(Object.entries(EDICT_TEXT).map(([id, text]) => [id, text.split(":")[0]]));
const STEP_NAMES = {
  regroup: "Regroup", destiny: "Destiny", launch: "Launch", "invite-offence": "Alliances: the offence invites",
  "invite-defence": "Alliances: the defence invites", alliance: "Alliances: allies answer", edicts: "Edicts and flares",
  trade: "Trade", cards: "Challenge cards", deal: "Deal", rewards: "Defensive rewards", again: "Second challenge?",
  place: "Placing tokens", over: "Game over",
};
// the three edict windows of a challenge (the view's encounter.window while one is open)
const WINDOW_WORDS = {
  start: "the cone is aimed, before launch", alliances: "after alliances, before the cards",
  reveal: "the cards are face up, before the outcome",
};
const BASE_WORDS = {
  none: "no bases", mine: "a base for me", yours: "a base for you", both: "a base each",
};


const dot = (seat) => h("span", { class: "ce-dot", style: { background: seatColour(seat) } });
const files = (ctx) => (ctx.components && (ctx.components.files || ctx.components)) || {};
const powerText = (ctx, name) => ((files(ctx).powers || []).find((p) => p.name === name) || {}).text || "";
const title = (word) => (word ? word[0].toUpperCase() + word.slice(1) : "");
const flarePower = (card) => card.card.replace(/^flare-/, "");

/** A planet as players call it, from its id in the view and the notation ("1.3": seat 1's home
 * system, its planet 4 counted from 1), by the engine's rule (``planet_words``): "your planet 4"
 * to seat 1 (not in a replay, which shows another's seat), else "Rita's planet 4" by the name
 * the page gives the seat. The log says "seat 1's planet 4", which the page shows by name too. */
export function planetWords(ctx, id) {
  const [system, index] = String(id).split(".").map(Number);
  const owner = !ctx.replay && ctx.seat === system ? "your" : `${seatName(ctx, system)}'s`;
  return `${owner} planet ${index + 1}`;
}
// a planet's number in its home system, counted from 1 ("1.3": 4), as its orb shows it
const planetNumber = (id) => Number(String(id).split(".")[1]) + 1;

/** The bases tokens leave, one id a token ("1.0 1.0 1.2"), as the log says them: "2 from your
 * planet 1, 1 from your planet 3". */
function fromWords(ctx, ids) {
  const counts = new Map();
  for (const id of ids) counts.set(id, (counts.get(id) || 0) + 1);
  return [...counts].map(([id, count]) => `${count} from ${planetWords(ctx, id)}`).join(", ");
}

/** Words that open on a tap, a click or Enter (a <details>), not only on a hover: what an alien
 * power or a flare does. Open stays open while the board is drawn again (``ctx.ui.opened``). */
function disclosure(ctx, key, attrs, summary, text) {
  const opened = (ctx.ui.opened = ctx.ui.opened || {});
  return h("details", {
    ...attrs, open: !!opened[key], "data-disclosure": key,
    ontoggle: (e) => { opened[key] = e.currentTarget.open; },
  }, h("summary", {}, summary), h("span", { class: "ce-disclosed" }, text));
}

/** A flare's two halves as its tooltip says them: Wild (for players without the power) and
 * Super (for its owner), each with its window; ``mine``: the owner reads its Super first. */
export function flareText(ctx, power, mine = false) {
  const flare = (files(ctx).flares || []).find((f) => f && f.power === power);
  if (!flare) return "";
  const wild = `Wild (${flare.wild_window} window): ${flare.wild}`;
  const strong = `Super (${flare.super_window} window, ${title(power)} only): ${flare.super}`;
  return mine ? `${strong}\n${wild}` : `${wild}\n${strong}`;
}

/** A card's name in words: "Attack 8", "Up Quark 10 (now 14)", "Compromise", "Cosmic Zap edict". */
export function cardWords(card) {
  if (!card) return "";
  if (card.kind === "attack") return `Attack ${card.value}`;
  if (card.kind === "compromise") return "Compromise";
  if (card.kind === "quark") return `${FLAVOUR_NAMES[card.flavour]} Quark ${card.printed} (now ${card.value})`;
  if (card.kind === "flare") return `Flare: ${title(card.card.replace(/^flare-/, ""))}`;
  return `${EDICT_NAMES[card.card] || title(card.card)} edict`;
}

// ------------------------------------------------------------------ cards
function cardFace(card, { action = null, send = null, small = false, hidden = false, note = null, text = "" } = {}) {
  if (hidden || !card) {
    return h("div", { class: `ce-card back${small ? " small" : ""}`, "data-card": "back", title: "face down" },
      h("span", { class: "ce-card-back" }, "✦"));
  }
  const big = card.kind === "attack" || card.kind === "quark" ? String(card.value)
    : card.kind === "compromise" ? "C" : card.kind === "flare" ? "✺" : "!";
  const top = card.kind === "quark" ? `${FLAVOUR_NAMES[card.flavour]} Quark`
    : card.kind === "attack" ? "Attack" : card.kind === "compromise" ? (small ? "" : "Compromise")
      : card.kind === "flare" ? "Flare" : "Edict";
  const foot = card.kind === "quark" ? `printed ${card.printed}`
    : card.kind === "edict" ? EDICT_NAMES[card.card] || title(card.card) : card.kind === "flare" ? title(card.card.replace(/^flare-/, "")) : "";
  const tip = card.kind === "edict" ? EDICT_TEXT[card.card] || cardWords(card) : cardWords(card) + (text ? `\n${text}` : "");
  const attrs = {
    class: `ce-card ${card.kind}${card.flavour ? ` ${card.flavour}` : ""}${small ? " small" : ""}${action ? " playable" : ""}`,
    "data-card": card.card, "data-kind": card.kind, title: tip + (action ? ` — click: ${action}` : ""),
  };
  if (card.value !== undefined) attrs["data-value"] = card.value;
  if (action) {
    attrs["data-action"] = action;
    attrs.role = "button";
    attrs.tabindex = "0";
    attrs.onclick = () => send(action);
  }
  return h("div", attrs,
    h("span", { class: "ce-card-top" }, top),
    h("span", { class: "ce-card-big" }, big),
    h("span", { class: "ce-card-foot" }, foot),
    note ? h("span", { class: "ce-card-note" }, note) : null);
}

// ------------------------------------------------------------------ the Phase Diagram
function phaseDiagram(view, ctx) {
  if (view.square === null || view.square === undefined) return null;
  const squares = files(ctx).phase_diagram || [];
  const sign = (n) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0");
  return h("section", { class: "ce-phase", "aria-label": "the Phase Diagram" },
    h("h3", {}, "Phase Diagram ", h("span", { class: "faint small" },
      `State Indicator on square ${view.square + 1} of 12: Quarks are worth their printed number plus the square's adjustment`)),
    h("div", { class: "ce-squares" }, Array.from({ length: 12 }, (_, i) => {
      const square = squares[i] || {};
      return h("div", { class: `ce-square${i === view.square ? " current" : ""}`, "data-square": i },
        h("span", { class: "ce-square-n" }, String(i + 1)),
        FLAVOUR_KEYS.map((f) => h("span", { class: `ce-adj ${f}`, title: `${FLAVOUR_NAMES[f]} Quarks ${sign(square[f] || 0)}` },
          `${f[0].toUpperCase()} ${sign(square[f] || 0)}`)),
        i === view.square ? h("span", { class: "ce-indicator", title: "the State Indicator" }, "▲") : null);
    })));
}

// ------------------------------------------------------------------ systems and planets
function tokenPips(tokens, ctx) {
  const pips = [];
  tokens.forEach((count, seat) => {
    if (count > 0) {
      pips.push(h("span", { class: "ce-pip", "data-seat": seat, style: { background: seatColour(seat) }, title: `${count} token${count === 1 ? "" : "s"} of ${seatName(ctx, seat)}` }, String(count)));
    }
  });
  return pips;
}

// a token placed by its owner: back home onto a planet, lost from a base, or moved to a deal's
// base (from one of several bases: a button for each)
const PLACE_WORDS = { home: "a token of yours goes home here", lose: "you lose a token from here", base: "the deal's base" };
const placeKind = (action) => action.split(" ")[0];
// what clicking a planet does, by the verb of its action (the notation stays in data-action)
const CLICK_WORDS = {
  aim: "click to aim the cone here", regroup: "click to bring a token back here from the warp",
  home: "click to place it here", lose: "click to lose it from here", base: "click to move it here",
};

/** The legal actions that name ``planet``: aiming the cone at it (one, or one a player with
 *  tokens there), and placing a token on it (home, lost, or a deal's base from one of several). */
function planetActions(planet, legalSet) {
  const aims = [...legalSet].filter((a) => a === `aim ${planet.planet}` || a.startsWith(`aim ${planet.planet} at `));
  const places = [...legalSet].filter((a) => a === `home ${planet.planet}` || a === `lose ${planet.planet}`
    || a.startsWith(`base ${planet.planet} from `));
  return { aims, places };
}

function planetNode(view, planet, legalSet, send, ctx) {
  const enc = view.encounter || {};
  const { aims, places } = planetActions(planet, legalSet);
  const regroup = legalSet.has(`regroup ${planet.planet}`) ? `regroup ${planet.planet}` : null;
  const action = aims.length === 1 ? aims[0] : places.length === 1 ? places[0] : regroup;
  const classes = ["ce-planet"];
  if (enc.target === planet.planet) classes.push("target");
  if (action || aims.length || places.length) classes.push("choosable");
  if (places.length) classes.push("placing", placeKind(places[0]));
  const attrs = {
    class: classes.join(" "), "data-planet": planet.planet, style: `--home: ${seatColour(planet.system)}`,
    title: title(planetWords(ctx, planet.planet)) + (enc.target === planet.planet ? " — the cone aims here" : "")
      + (places.length ? ` — ${PLACE_WORDS[placeKind(places[0])]}` : "") + (action ? ` — ${CLICK_WORDS[placeKind(action)]}` : ""),
  };
  attrs["aria-label"] = attrs.title;
  if (action) {
    attrs["data-action"] = action;
    attrs.role = "button";
    attrs.onclick = () => send(action);
  }
  return h("div", attrs,
    h("div", { class: "ce-orb" }, h("span", { class: "ce-planet-n" }, String(planetNumber(planet.planet)))),
    h("div", { class: "ce-pips" }, tokenPips(planet.tokens, ctx)));
}

/** A planet's choices where a click on it cannot say which (the cone aimed at a planet where
 *  two players have tokens, a token from one of several bases): a row of buttons under the
 *  system's planets, where their words have the room a planet's column lacks. */
function planetChoices(planet, legalSet, send, ctx) {
  const { aims, places } = planetActions(planet, legalSet);
  const buttons = [];
  if (aims.length > 1) {
    buttons.push(...aims.map((a) => h("button", {
      class: "small", "data-action": a, onclick: () => send(a),
      "aria-label": `aim at ${planetWords(ctx, planet.planet)}, against ${seatName(ctx, Number(a.split(" ").pop()))}`,
    }, `vs ${seatName(ctx, Number(a.split(" ").pop()))}`)));
  }
  if (places.length > 1) {
    buttons.push(...places.map((a) => h("button", {
      class: "small", "data-action": a, title: `the token comes from ${planetWords(ctx, a.split(" ").pop())}`, onclick: () => send(a),
    }, `from ${planetWords(ctx, a.split(" ").pop())}`)));
  }
  return buttons.length
    ? h("div", { class: "ce-aims", "data-planet": planet.planet }, h("span", { class: "faint small" }, `Planet ${planetNumber(planet.planet)}:`), buttons)
    : null;
}

function systemPanel(view, player, ctx, legalSet, send) {
  const planets = (view.planets || []).filter((p) => p.system === player.seat);
  const enc = view.encounter || {};
  const roles = [];
  if (view.offence === player.seat) roles.push(h("span", { class: "chip gold" }, "offence"));
  if (enc.defender === player.seat) roles.push(h("span", { class: "chip bad" }, "defence"));
  const ally = (enc.allies || []).find((a) => a.seat === player.seat);
  if (ally) roles.push(h("span", { class: "chip" }, `ally of the ${ally.side}`));
  else if (((enc.invited || [])[player.seat] || []).length && view.step === "alliance") {
    roles.push(h("span", { class: "chip", "data-invited": enc.invited[player.seat].join(" ") }, `invited by the ${enc.invited[player.seat].join(" and the ")}`));
  }
  // what the power does opens on a tap or a key, for the seat's own alien and the others' alike
  const power = player.power
    ? disclosure(ctx, `power ${player.seat}`, { class: "ce-power-about", "data-power": player.power },
      ["Power: ", h("span", { class: `ce-power${player.zapped ? " zapped" : ""}` }, title(player.power)),
        player.zapped ? " (zapped this challenge)" : ""],
      powerText(ctx, player.power))
    : ["Power: ", h("span", { class: "faint" }, "no power")];
  const flared = player.flare ? flareText(ctx, player.flare, player.power === player.flare) || powerText(ctx, player.flare) : "";
  // in a replay with everything revealed, each hand comes from that seat's own view
  const revealed = revealedOf(ctx, player.seat);
  return h("section", { class: `ce-system${ctx.seat === player.seat ? " mine" : ""}${(view.to_act || []).includes(player.seat) ? " acting" : ""}`, "data-seat": player.seat, style: `--seat: ${seatColour(player.seat)}` },
    h("div", { class: "ce-system-head" },
      dot(player.seat), h("b", {}, seatName(ctx, player.seat)), ctx.seat === player.seat ? h("span", { class: "faint" }, "(you)") : null,
      roles, h("span", { class: "spacer" }),
      h("span", { class: "ce-bases", title: "foreign bases (five win)", "data-bases": player.foreign_bases }, "★ ", String(player.foreign_bases), h("span", { class: "faint" }, "/5"))),
    h("div", { class: "ce-system-power" }, power,
      player.flare ? disclosure(ctx, `flare ${player.seat}`, { class: "ce-flared-about" }, h("span", { class: "chip ce-flared" },
        `+ ${title(player.flare)} flare${player.flare_super === undefined ? "" : player.flare_super ? " (super)" : " (wild)"}`), flared) : null,
      player.shielded ? h("span", { class: "chip good" }, "shielded") : null),
    h("div", { class: "ce-planets" }, planets.map((p) => planetNode(view, p, legalSet, send, ctx))),
    planets.map((p) => planetChoices(p, legalSet, send, ctx)),
    h("div", { class: "ce-system-foot faint small" },
      h("span", { title: "cards in hand" }, `🂠 ${player.hand_size} cards`),
      h("span", { class: "ce-warp-count", title: "tokens in the warp" }, `warp ${player.warp}`),
      player.removed ? h("span", {}, `${player.removed} out of the game`) : null),
    revealed && revealed.length ? h("div", { class: "ce-revealed", "data-revealed-hand": player.seat, title: `${seatName(ctx, player.seat)}'s hand` },
      revealed.map((c) => cardFace(c, { small: true }))) : null);
}

function warpPanel(view, ctx) {
  const players = view.players || [];
  const total = players.reduce((n, p) => n + p.warp, 0);
  return h("div", { class: "ce-warp", title: "the warp: lost tokens come back one a challenge at the regroup" },
    h("div", { class: "ce-warp-swirl" }, "⟲"),
    h("div", {}, h("b", {}, "Warp"), " ", h("span", { class: "faint small" }, total ? "" : "empty")),
    h("div", { class: "ce-pips" }, players.filter((p) => p.warp > 0).map((p) =>
      h("span", { class: "ce-pip", "data-seat": p.seat, style: { background: seatColour(p.seat) }, title: `${seatName(ctx, p.seat)}: ${p.warp} in the warp` }, String(p.warp)))));
}

// ------------------------------------------------------------------ the encounter
function destinyPanel(view, ctx) {
  const enc = view.encounter || {};
  const destiny = view.destiny || { cards: 0, discards: [] };
  return h("div", { class: "ce-destiny", title: `destiny pile: ${destiny.cards} cards` },
    h("div", { class: "ce-destiny-card", style: { background: enc.drawn === null || enc.drawn === undefined ? "#26304d" : seatColour(enc.drawn) } },
      enc.drawn === null || enc.drawn === undefined ? "?" : String(enc.drawn)),
    h("div", { class: "small" }, h("b", {}, "Destiny"), h("br"),
      enc.drawn === null || enc.drawn === undefined ? h("span", { class: "faint" }, `${destiny.cards} to draw`)
        : h("span", {}, `drew ${seatName(ctx, enc.drawn)}'s colour`)),
    h("div", { class: "faint small ce-deck" }, `deck ${view.deck ? view.deck.cards : 0}`, h("br"), `discards ${view.deck ? view.deck.discards.length : 0}`));
}

function sideBox(view, side, ctx) {
  const enc = view.encounter || {};
  const seat = side === "offence" ? view.offence : enc.defender;
  const allies = (enc.allies || []).filter((a) => a.side === side);
  const result = enc.result;
  const index = side === "offence" ? 0 : 1;
  let card = null;
  if (result) card = cardFace(result.cards[index], { small: true });
  else if (seat !== null && seat !== undefined && enc.cards && enc.cards[String(seat)]) card = cardFace(enc.cards[String(seat)], { small: true });
  else if (seat !== null && seat !== undefined && seat === ctx.seat && view.own_card) card = cardFace(view.own_card, { small: true, note: "yours, sealed" });
  else if ((enc.played || []).includes(seat)) card = cardFace(null, { small: true, hidden: true });
  const tokens = side === "offence" ? enc.cone
    : (view.planets || []).filter((p) => p.planet === enc.target).map((p) => p.tokens[seat] || 0)[0];
  const won = result && result.winner === side;
  return h("div", { class: `ce-side ${side}${won ? " won" : ""}`, "data-side": side },
    h("div", { class: "ce-side-head" }, h("span", { class: "ce-side-label" }, side === "offence" ? "Offence" : "Defence"),
      seat === null || seat === undefined ? h("span", { class: "faint" }, "—") : [dot(seat), h("b", {}, seatName(ctx, seat))]),
    h("div", { class: "ce-side-body" },
      h("div", { class: "ce-side-tokens" },
        side === "offence"
          ? h("div", { class: "ce-cone", title: "the cone (hyperspace gate)", "data-cone": enc.cone || 0 },
            h("span", { class: "ce-cone-shape" }), h("span", {}, `${enc.cone || 0} in the cone`),
            h("span", { class: "ce-pips" }, enc.cone ? h("span", { class: "ce-pip", style: { background: seatColour(seat) } }, String(enc.cone)) : null))
          : h("div", { class: "small" }, enc.target ? `${tokens || 0} on ${planetWords(ctx, enc.target)}` : h("span", { class: "faint" }, "no target yet")),
        allies.map((a) => h("div", { class: "ce-ally small", "data-ally": a.seat }, dot(a.seat), `${seatName(ctx, a.seat)}: ${a.tokens} token${a.tokens === 1 ? "" : "s"}`))),
      h("div", { class: "ce-side-card" }, card || h("div", { class: "ce-card-slot" }, "card"))),
    result && result.totals ? h("div", { class: "ce-total", "data-total": result.totals[index] }, `total ${result.totals[index]}`) : null);
}

function resultLine(view, ctx) {
  const enc = view.encounter || {};
  const result = enc.result;
  if (!result) {
    if (enc.played && enc.played.length && view.step === "cards") return h("div", { class: "ce-result faint" }, `${enc.played.length} of 2 challenge cards are in, face down`);
    return null;
  }
  const words = { offence: "The offence wins", defence: "The defence wins", deal: "A deal is made", "no deal": "No deal: each side loses three tokens" };
  // before the outcome (the reveal window) there is no winner yet: two Compromises make a deal
  const compromises = result.cards.every((card) => card && card.kind === "compromise");
  const text = result.winner ? words[result.winner] || result.winner
    : compromises ? "Two Compromises: the main players make a deal" : "The cards are face up: the outcome follows the window";
  const totals = result.totals ? ` — ${result.totals[0]} against ${result.totals[1]}` : "";
  return h("div", { class: `ce-result ${result.winner ? result.winner.replace(" ", "-") : compromises ? "deal" : "pending"}`, id: "ce-result", "data-winner": result.winner || "" },
    `${cardWords(result.cards[0])} against ${cardWords(result.cards[1])}${totals}. `, h("b", {}, text), enc.success ? " (the offence succeeded)" : "");
}

const PLACING_WORDS = { home: ["returns", "home"], lose: ["loses", "from its bases"], base: ["moves", "to the deal's base"] };

// tokens waiting for their owners' choices, in the order they are asked
function placementsLine(view, ctx) {
  const waiting = (view.encounter || {}).placements || [];
  if (!waiting.length) return null;
  return h("div", { class: "ce-placements", id: "ce-placements" }, h("b", {}, "Tokens to place: "),
    waiting.map((p, i) => {
      const [verb, where] = PLACING_WORDS[p.kind] || [p.kind, ""];
      return h("span", { class: `ce-placement ${p.kind}${i === 0 ? " now" : ""}`, "data-seat": p.seat, "data-kind": p.kind },
        dot(p.seat), `${seatName(ctx, p.seat)} ${verb} ${p.count} token${p.count === 1 ? "" : "s"} ${where}`);
    }));
}

function encounterPanel(view, ctx) {
  const enc = view.encounter || {};
  return h("section", { class: "ce-encounter", "aria-label": "the encounter" },
    h("h3", {}, `Challenge ${view.challenge || 1} of turn ${view.turn}`, enc.target ? h("span", { class: "chip gold", "data-target": enc.target }, `target: ${planetWords(ctx, enc.target)}`) : null),
    h("div", { class: "ce-encounter-top" }, destinyPanel(view, ctx), warpPanel(view, ctx)),
    h("div", { class: "ce-sides" }, sideBox(view, "offence", ctx), h("div", { class: "ce-vs" }, "vs"), sideBox(view, "defence", ctx)),
    resultLine(view, ctx), placementsLine(view, ctx));
}

// ------------------------------------------------------------------ the deal
// the table's deal time (an option) or the rulebook's minute; without the server's clock the
// countdown runs from when this browser saw the deal open
const dealSeconds = (view) => (view.options && view.options.deal_seconds) || DEAL_SECONDS;

function countdown(view, ctx) {
  const ui = ctx.ui;
  const key = `${view.turn}.${view.challenge}`;
  if (ui.dealKey !== key) {
    ui.dealKey = key;
    ui.dealStart = performance.now();
  }
  const clock = ctx.clock;
  const left = () => {
    if (clock && clock.left_ms !== undefined) return (clock.left_ms - (performance.now() - (clock.received || 0))) / 1000;
    return dealSeconds(view) - (performance.now() - ui.dealStart) / 1000;
  };
  const limit = clock && clock.limit_ms ? clock.limit_ms / 1000 : dealSeconds(view);
  const number = h("b", { class: "ce-countdown-n" });
  const bar = h("span", { class: "ce-countdown-bar" });
  const paint = () => {
    const seconds = Math.max(0, left());
    number.textContent = `${Math.ceil(seconds)} s`;
    bar.style.width = `${Math.max(0, Math.min(100, (100 * seconds) / limit))}%`;
    if (!number.isConnected && ui.dealTimer) {
      clearInterval(ui.dealTimer);
      ui.dealTimer = null;
    }
  };
  paint();
  if (ui.dealTimer) clearInterval(ui.dealTimer);
  ui.dealTimer = setInterval(paint, 250);
  return h("div", { class: "ce-countdown", title: "a deal must be made within the minute" }, number, h("span", { class: "ce-countdown-track" }, bar));
}

// an offer as the view gives it: the faces given (to the two main players; others see a count)
function offerWords(offer, fromSeat, ctx) {
  if (!offer) return "";
  const given = offer.give ? (offer.give.join(", ") || "no card") : `${offer.gives} card${offer.gives === 1 ? "" : "s"}`;
  return `${seatName(ctx, fromSeat)} gives ${given}, takes ${offer.get}, ${BASE_WORDS[offer.base].replace("me", "them").replace("you", "the other")}`;
}

/** How many offers each side may still make in the deal: a main player's own first. */
function offersLeft(enc, mine, mains, ctx) {
  const left = enc.offers_left;
  if (!left) return null;
  const text = mine >= 0
    ? `You may make ${left[mine]} more offer${left[mine] === 1 ? "" : "s"}; they may make ${left[1 - mine]}.`
    : `Offers left: ${seatName(ctx, mains[0])} ${left[0]}, ${seatName(ctx, mains[1])} ${left[1]}.`;
  return h("p", { class: "small faint", "data-role": "offers-left" }, text
    + (mine >= 0 && left[mine] === 0 ? " Accept their offer, or let the deal fail." : ""));
}

function dealDialog(view, legal, send, ctx) {
  if (view.step !== "deal") return null;
  const enc = view.encounter || {};
  const mains = [view.offence, enc.defender];
  const offers = enc.offers || [null, null];
  const offerSet = legal.filter((a) => a.startsWith("offer "));
  const mine = mains.indexOf(ctx.seat);
  const ui = ctx.ui;
  ui.deal = ui.deal || { give: "none", get: 0, base: "both", pay: "" };
  let form = null;
  // offers read "offer give <faces or none> get N base B"; the cards given are named by face
  const terms = (a) => /^offer give (.+) get (\d+) base (\w+)$/.exec(a);
  if (offerSet.length) {
    const gifts = [...new Set(offerSet.map((a) => terms(a)[1]))];
    const maxGet = Math.max(0, ...offerSet.map((a) => Number(terms(a)[2])));
    const button = h("button", { class: "primary", id: "ce-offer" }, "Offer");
    const sync = () => {
      const notation = `offer give ${ui.deal.give} get ${ui.deal.get} base ${ui.deal.base}`;
      const ok = offerSet.includes(notation);
      button.dataset.action = notation;
      button.disabled = !ok;
      button.onclick = () => ok && send(notation);
    };
    const select = (key, options) => h("select", {
      "data-deal": key, onchange: (e) => { ui.deal[key] = key === "get" ? Number(e.target.value) : e.target.value; sync(); },
    }, options.map(([value, label]) => h("option", { value, selected: String(ui.deal[key]) === String(value) }, label)));
    const counts = (n) => Array.from({ length: n + 1 }, (_, i) => [i, String(i)]);
    if (!gifts.includes(ui.deal.give)) ui.deal.give = "none";
    ui.deal.get = Math.min(ui.deal.get, maxGet);
    form = h("div", { class: "ce-deal-form" },
      h("label", {}, "I give ", select("give", gifts.map((g) => [g, g === "none" ? "no card" : g.split(" ").join(", ")]))),
      h("label", {}, "I take ", select("get", counts(maxGet)), " cards"),
      h("label", {}, "bases: ", select("base", Object.entries(BASE_WORDS))),
      button);
    sync();
  }
  const standing = offers.map((o, i) => (o ? h("li", { "data-offer": i }, offerWords(o, mains[i], ctx)) : null)).filter(Boolean);
  const other = mine >= 0 ? offers[1 - mine] : null;
  // accepting names the cards one gives for the ones asked ("accept a8 c", or "accept")
  const accepts = legal.filter((a) => a === "accept" || a.startsWith("accept "));
  if (!accepts.includes(ui.deal.pay)) ui.deal.pay = accepts[0] || "";
  const payWords = (a) => (a === "accept" ? "no card" : a.slice(7).split(" ").join(", "));
  const acceptButton = accepts.length ? h("button", {
    class: "primary", "data-action": ui.deal.pay, onclick: (e) => send(e.currentTarget.dataset.action),
    title: other ? offerWords(other, mains[1 - mine], ctx) : "",
  }, "Accept their offer") : null;
  const paySelect = accepts.length > 1 ? h("label", {}, "giving ", h("select", {
    "data-deal": "pay", onchange: (e) => { ui.deal.pay = e.target.value; acceptButton.dataset.action = e.target.value; },
  }, accepts.map((a) => h("option", { value: a, selected: a === ui.deal.pay }, payWords(a))))) : null;
  return h("section", { class: "ce-deal", id: "ce-deal", role: "dialog", "aria-label": "the deal" },
    h("div", { class: "ce-deal-head" }, h("b", {}, `Make a deal within ${dealSeconds(view)} seconds`), countdown(view, ctx)),
    h("p", { class: "small faint" }, "Both played a Compromise. A deal may move up to two cards each way and give each side a base: "
      + "the offence on the planet it aimed at, the defence in the offence's home system. No deal in time: each loses three tokens."),
    standing.length ? h("ul", { class: "ce-offers" }, standing) : h("p", { class: "faint small" }, "No offer on the table yet."),
    offersLeft(enc, mine, mains, ctx),
    form,
    h("div", { class: "ce-deal-buttons" },
      paySelect, acceptButton,
      legal.includes("timeout") ? h("button", { class: "danger", "data-action": "timeout", onclick: () => send("timeout"), title: "give up: no deal" }, "No deal") : null));
}

// ------------------------------------------------------------------ the controls
const CONTROL_WORDS = {
  "draw again": "Draw destiny again", decline: "Decline", trade: "Swap hands", keep: "Keep my hand",
  again: "Challenge again", end: "End my turn", pass: "Pass (no edict)", "play random": "Play a card at random",
  "invite none": "Invite no one",
};

function actionLabel(action, ctx) {
  if (CONTROL_WORDS[action]) return CONTROL_WORDS[action];
  const words = action.split(" ");
  if (words[0] === "launch") return `Launch ${fromWords(ctx, words.slice(1))}`;
  if (words[0] === "invite") {
    const names = words.slice(1).map((s) => seatName(ctx, Number(s)));
    return `Invite ${names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}` : names[0]}`;
  }
  if (words[0] === "ally") return fromWords(ctx, words.slice(2));
  if (words[0] === "reward") return `${words[1]} card${words[1] === "1" ? "" : "s"}`;
  if (words[0] === "edict") {
    const target = words[2] !== undefined ? ` on ${seatName(ctx, Number(words[2]))}` : "";
    return `${title(words[1])}${target}${words[3] !== undefined ? ` asking Attack ${words[3]}` : ""}`;
  }
  if (words[0] === "flare") return `Flare: ${title(words[1])}${words[2] !== undefined ? ` on ${seatName(ctx, Number(words[2]))}` : ""}`;
  return action;
}

function button(action, send, ctx, cls = "") {
  return h("button", { class: cls, "data-action": action, onclick: () => send(action) }, actionLabel(action, ctx));
}

const PICKER_FROM = 12; // more choices of tokens than this: a count a base, not a button a combination

/** Tokens from bases (a launch, an ally's side): one button each choice while they are few;
 *  else a count for each base the choices name, − and + moving only between legal choices,
 *  and one button sending the choice as the legal action that names the same bases. */
function tokenChoice(actions, prefix, label, send, ctx, cls) {
  if (actions.length <= PICKER_FROM) return actions.map((a) => button(a, send, ctx, cls));
  const skip = prefix.split(" ").length;
  const bases = (a) => a.split(" ").slice(skip);
  const key = (list) => [...list].sort().join(" ");
  const byKey = new Map(actions.map((a) => [key(bases(a)), a]));
  const ui = ctx.ui;
  const slot = `tokens ${prefix}`;
  if (!ui[slot] || !byKey.has(key(ui[slot]))) ui[slot] = bases(actions[0]);
  const chosen = ui[slot];
  const all = [...new Set(actions.flatMap(bases))].sort();
  const set = (list) => { ui[slot] = list; ctx.rerender(); };
  const rows = all.map((base) => {
    const here = chosen.filter((b) => b === base).length;
    const fewer = [...chosen]; if (here) fewer.splice(fewer.indexOf(base), 1);
    const more = [...chosen, base];
    return h("span", { class: "ce-token-base", "data-base": base },
      h("button", { class: "small ghost", disabled: !(here && fewer.length && byKey.has(key(fewer))), onclick: () => set(fewer), "aria-label": `one token fewer from ${planetWords(ctx, base)}` }, "−"),
      h("span", { class: "small" }, `${title(planetWords(ctx, base))}: `, h("b", {}, String(here))),
      h("button", { class: "small ghost", disabled: !byKey.has(key(more)), onclick: () => set(more), "aria-label": `one token more from ${planetWords(ctx, base)}` }, "+"));
  });
  const action = byKey.get(key(chosen));
  return [...rows, h("button", { class: cls || "primary", "data-action": action, onclick: () => send(action) },
    `${label} ${chosen.length} token${chosen.length === 1 ? "" : "s"}`)];
}

function controls(view, legal, send, ctx, shownElsewhere) {
  const rest = legal.filter((a) => !shownElsewhere.has(a));
  if (!rest.length) return null;
  const groups = [];
  const take = (test) => {
    const found = rest.filter(test);
    for (const a of found) rest.splice(rest.indexOf(a), 1);
    return found;
  };
  const launch = take((a) => a.startsWith("launch "));
  if (launch.length) groups.push(h("div", { class: "ce-group" }, h("span", { class: "ce-group-label" }, "Tokens into the cone:"), tokenChoice(launch, "launch", "Launch", send, ctx, "primary")));
  const invite = take((a) => a.startsWith("invite "));
  if (invite.length) groups.push(h("div", { class: "ce-group" }, h("span", { class: "ce-group-label" }, "Invite allies:"), invite.map((a) => button(a, send, ctx))));
  for (const side of ["offence", "defence"]) {
    const ally = take((a) => a.startsWith(`ally ${side} `));
    if (ally.length) groups.push(h("div", { class: "ce-group" }, h("span", { class: "ce-group-label" }, `Ally with the ${side}, tokens:`), tokenChoice(ally, `ally ${side}`, `Ally with the ${side}:`, send, ctx, "")));
  }
  const reward = take((a) => a.startsWith("reward "));
  if (reward.length) groups.push(h("div", { class: "ce-group" }, h("span", { class: "ce-group-label" }, "Reward: cards (the rest in tokens):"), reward.map((a) => button(a, send, ctx))));
  const finder = take((a) => a.startsWith("edict finder "));
  const edicts = take((a) => a.startsWith("edict ") || a.startsWith("flare "));
  if (edicts.length) groups.push(h("div", { class: "ce-group" }, h("span", { class: "ce-group-label" }, "Edicts and flares:"), edicts.map((a) => button(a, send, ctx, "accent"))));
  if (finder.length) {
    const go = h("button", { class: "accent", "data-action": finder[0], onclick: () => send(go.dataset.action) }, "Play Finder");
    groups.push(h("div", { class: "ce-group" }, h("span", { class: "ce-group-label" }, "Finder:"),
      h("select", { id: "ce-finder", onchange: (e) => { go.dataset.action = e.target.value; } }, finder.map((a) => h("option", { value: a }, actionLabel(a, ctx)))), go));
  }
  const simple = take(() => true);
  if (simple.length) groups.push(h("div", { class: "ce-group" }, simple.map((a) => button(a, send, ctx, a === "pass" || a === "decline" || a === "keep" ? "" : "primary"))));
  return h("div", { class: "ce-controls" }, groups);
}

function promptOf(view, legal, ctx) {
  if (view.is_over) {
    const winners = view.winners || [];
    return winners.includes(ctx.seat) ? "You win!" : `${winners.map((w) => seatName(ctx, w)).join(" and ")} win${winners.length === 1 ? "s" : ""}.`;
  }
  if (!legal.length) {
    const waiting = (view.to_act || []).map((p) => seatName(ctx, p));
    return waiting.length ? `Waiting for ${waiting.join(", ")}…` : "";
  }
  const step = view.step;
  if (step === "regroup") return "Regroup: click one of your planets to bring a token back from the warp.";
  if (step === "destiny") return "Aim the cone: click a highlighted planet.";
  if (step === "launch") return "Launch: how many tokens go into the cone?";
  if (step.startsWith("invite")) return "Invite allies to your side.";
  if (step === "alliance") return "You are invited: join a side with tokens, or decline.";
  if (step === "edicts") {
    const window = (view.encounter || {}).window;
    return window ? `The ${window} window is open (${WINDOW_WORDS[window] || window}): play an edict or flare that fits it, or pass.`
      : "Play an edict or flare, or pass.";
  }
  if (step === "cards" && !legal.some((a) => a.startsWith("play ") && a !== "play random")) {
    return "Your card is played at random this challenge (an alien's power chooses it): click “Play a card at random”.";
  }
  if (step === "cards") return "Choose your challenge card: click it in your hand (it is played face down).";
  if (step === "deal") return "Make a deal before the time runs out.";
  if (step === "rewards") return "Take your reward as cards and tokens.";
  if (step === "place") {
    const kind = placeKind(legal[0]);
    if (kind === "home") return "A token of yours goes home: click the planet it returns to.";
    if (kind === "lose") return "You lose a token: click the base it leaves.";
    return "The deal's base: click the planet your token moves to (and where it comes from).";
  }
  if (step === "again") return "Your challenge succeeded: have a second one?";
  if (step === "trade") return "Trader: swap hands with your opponent?";
  return "Your move.";
}

// ------------------------------------------------------------------ the renderer
export function renderCosmicEncounter(view, legal, send, ctx) {
  useStyle("/css/cosmic-encounter.css");
  if (view.step !== "deal" && ctx.ui.dealTimer) {
    clearInterval(ctx.ui.dealTimer);
    ctx.ui.dealTimer = null;
  }
  const legalSet = new Set(legal);
  const shownElsewhere = new Set(legal.filter((a) => a.startsWith("aim ") || a.startsWith("regroup ") || a.startsWith("offer ")
    || a.startsWith("home ") || a.startsWith("lose ") || a.startsWith("base ")
    || a === "accept" || a.startsWith("accept ") || a === "timeout"));
  const hand = view.hand || [];
  const handActions = new Map();
  for (const card of hand) {
    const play = `play ${card.card}`;
    if (legalSet.has(play)) handActions.set(card.card, play);
    else if (card.kind === "flare") {
      const uses = legal.filter((a) => a === `flare ${flarePower(card)}` || a.startsWith(`flare ${flarePower(card)} `));
      if (uses.length === 1) handActions.set(card.card, uses[0]);
    }
    else if (card.kind === "edict") {
      const uses = legal.filter((a) => a === `edict ${card.card}` || a.startsWith(`edict ${card.card} `));
      if (uses.length === 1) handActions.set(card.card, uses[0]);
    }
  }
  for (const a of handActions.values()) shownElsewhere.add(a);
  const seated = ctx.seat !== null && ctx.seat !== undefined;
  const me = (view.players || []).find((p) => p.seat === ctx.seat);
  // a Quark's value before the State Indicator last moved, so that the change shows until it moves again
  const ui = ctx.ui;
  if (ui.square !== view.square) {
    ui.before = ui.values || {};
    ui.previousSquare = ui.square;
    ui.square = view.square;
  }
  ui.values = Object.fromEntries(hand.filter((c) => c.kind === "quark").map((c) => [c.card, c.value]));
  // two copies of a card (two Attack 08) are both playable: either one plays that card
  const handCards = hand.map((card) => {
    const action = handActions.get(card.card);
    const was = card.kind === "quark" && ui.before[card.card] !== undefined && ui.before[card.card] !== card.value ? ui.before[card.card] : null;
    const text = card.kind === "flare" ? flareText(ctx, flarePower(card), !!me && me.power === flarePower(card)) : "";
    const node = cardFace(card, { action, send, note: was === null ? null : `was ${was}`, text });
    if (was !== null) node.title += ` (it was ${was} on square ${ui.previousSquare + 1})`;
    if (was !== null) node.classList.add("changed");
    return node;
  });
  const step = STEP_NAMES[view.step] || view.step;
  const root = h("div", { class: "ce", "data-step": view.step, "data-square": view.square === null ? "" : view.square, "data-turn": view.turn },
    h("div", { class: "ce-status" },
      h("b", { class: "ce-title" }, "Cosmic Encounter"), view.options && view.options.quarks ? h("span", { class: "chip accent" }, "Quarks") : null,
      h("span", { class: "ce-turn" }, "Turn ", h("b", {}, String(view.turn)), h("span", { class: "faint" }, ` / ${view.turn_limit}`)),
      view.offence !== null && view.offence !== undefined ? h("span", {}, dot(view.offence), `${seatName(ctx, view.offence)} is the offence`) : null,
      h("span", { class: "chip", id: "ce-step" }, step),
      view.step === "edicts" && (view.encounter || {}).window ? h("span", {
        class: "chip accent ce-window", "data-window": view.encounter.window, title: WINDOW_WORDS[view.encounter.window] || "",
      }, `${title(view.encounter.window)} window`) : null,
      h("span", { class: `ce-prompt${legal.length ? " mine" : ""}`, id: "ce-prompt" }, promptOf(view, legal, ctx))),
    view.is_over ? h("div", { class: `ce-over${(view.winners || []).includes(ctx.seat) ? " won" : ""}`, id: "ce-over" }, promptOf(view, legal, ctx),
      // the count of turns stops at the limit: a game over with no one at five foreign bases
      // (which end it at once) ended at the turn limit
      (view.players || []).every((p) => p.foreign_bases < 5) ? " (the turn limit was reached)" : "") : null,
    phaseDiagram(view, ctx),
    h("div", { class: "ce-main" },
      h("div", { class: "ce-systems" }, (view.players || []).map((p) => systemPanel(view, p, ctx, legalSet, send))),
      h("div", { class: "ce-centre" }, encounterPanel(view, ctx), dealDialog(view, legal, send, ctx),
        view.seen_hand ? h("section", { class: "ce-seen" }, h("h3", {}, `${seatName(ctx, view.seen_hand.seat)}'s hand (Mind)`),
          h("div", { class: "ce-hand-cards" }, view.seen_hand.cards.map((c) => cardFace(c, { small: true })))) : null)),
    seated ? h("section", { class: `ce-hand dock${legal.length ? " mine" : ""}`, "data-role": "dock" },
      h("h3", {}, ctx.replay ? `${seatName(ctx, ctx.seat)}'s hand` : "Your hand", h("span", { class: "faint small" }, `${hand.length} cards`),
        me ? h("span", { class: "ce-mybases", "data-role": "score", title: "your foreign bases (five win)" }, `★ ${me.foreign_bases}/5`) : null,
        me && me.power ? h("span", { class: "ce-mypower small" }, `Your power, ${title(me.power)}: ${powerText(ctx, me.power)}`) : null),
      h("div", { class: "ce-controls dock-scroll", "data-role": "actions" }, controls(view, legal, send, ctx, shownElsewhere) || (ctx.replay ? null : h("span", { class: "faint small" }, promptOf(view, legal, ctx)))),
      h("div", { class: "ce-hand-cards", "data-role": "hand" }, handCards.length ? handCards : h("span", { class: "faint" }, "Your hand is empty."))) : null);
  return root;
}
