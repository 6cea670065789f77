// Quirks, its solitaire game and Quirkling: the climate table, the QUiRKS assembled from
// their CHARACTER cards (plants upright, animals lying down), the hand as cards, and every
// legal action as something to click. Cards show what is printed on them: number, trait,
// name syllable, the food-chain symbol, and the climate codes only where the view holds
// them (your own cards). Adaptation values are never sent, so never drawn.

import { clickable, h, revealedOf, s, seatColour, useStyle } from "../util.js";
import { CLIMATE, CLIMATES, climateTrack } from "./quirks-climate.js";
import { confirmBar, sendInOrder } from "./confirm.js";
import { withNames } from "../seat-words.js";

// What each step of the three games is called on the table, in players' words.
const STAGE_WORDS = {
  setup: "set-up", "choose-niche": "choose a niche", "upper-owned": "upper niche taken", climate: "climate",
  "random-mutation": "random mutation", action: "actions", "lower-defence": "defend a lower niche",
  "lower-attack": "challenge a lower niche", intelligence: "intelligence", "upper-complete": "upper niche challenge",
  "upper-sealed": "face up or face down", demote: "move down", "concede-defender": "the defender concedes?",
  "concede-challenger": "the challenger concedes?", "after-win": "after the win", surplus: "surplus cards",
  defence: "defence", over: "game over", start: "start", counting: "counting", request: "ask for a card",
  give: "give a card", make: "make a QUIRKLING", refill: "refill", "refill-draw": "draw", discard: "discard",
};

function stageWords(stage) {
  return STAGE_WORDS[stage] || stage.replaceAll("-", " ");
}

function turnLine(ctx, view) {
  return view.stage === "over" ? "the game is over" : `turn ${view.turns + 1} · ${seatName(ctx, view.current)} plays`;
}


const LETTER_COLOUR = Object.fromEntries(CLIMATES.map((c) => [CLIMATE[c].letter, CLIMATE[c].colour]));
const NICHES = ["plant", "herbivore", "carnivore"];
const NICHE = {
  plant: { label: "Plant", colour: "#3fa35f", icon: "✿" },
  herbivore: { label: "Herbivore", colour: "#d4a21f", icon: "◆" },
  carnivore: { label: "Carnivore", colour: "#d9503f", icon: "▲" },
};
const STACK = {
  "plant-a": { label: "Plant A", colour: "#3fa35f", tint: "#e6f5e9", dark: "#1f5e33" },
  "plant-b": { label: "Plant B", colour: "#3fa35f", tint: "#e6f5e9", dark: "#1f5e33" },
  "plant-c": { label: "Plant C", colour: "#3fa35f", tint: "#e6f5e9", dark: "#1f5e33" },
  "herbivore-a": { label: "Herbivore A", colour: "#d4a21f", tint: "#fbf1d2", dark: "#6f4f00" },
  "carnivore-a": { label: "Carnivore A", colour: "#d9503f", tint: "#fbe2dd", dark: "#7d2216" },
  "animal-b": { label: "Animal B", colour: "#5b7fc7", tint: "#e3eaf8", dark: "#253f78" },
  "animal-c": { label: "Animal C", colour: "#8a67c9", tint: "#ece4f8", dark: "#452580" },
};
const STACK_ORDER = Object.keys(STACK);
const anOrA = (word) => `${/^[aeiou]/i.test(word) ? "an" : "a"} ${word}`;  // "an Animal B", "a Plant A"
const INK = "#1b2336";
const SIZES = { hand: [96, 132], tile: [92, 66], mini: [44, 34] };
const PLAIN = {
  redraw: "Draw another marker", mutate: "Mutate", compete: "Compete for the upper niche", pass: "Pass (give up the niche)",
  accept: "Accept the competition", "give-up": "Give up", fight: "Fight", "face-up": "Face up", "face-down": "Face down",
  concede: "Concede", hold: "Hold on", roll: "Roll the dice", table: "Use the table", continue: "Continue", end: "End the turn",
  challenge: "Challenge", decline: "Decline", stop: "Stop counting", none: "I have none",
};


// ------------------------------------------------------------------ the printed faces
let faces = null;
function facesOf(components) {
  if (faces) return faces;
  const data = (components && components["cards.toml"]) || {};
  if (!data.card) return {}; // drawn without food-chain symbols until the faces arrive
  faces = {};
  for (const face of data.card) faces[face.number] = face;
  return faces;
}

function foodOf(number) {
  const face = faces && faces[number];
  return face ? face.food : null;
}

function seatName(ctx, seat) {
  if (seat === null || seat === undefined) return "nobody";
  if (ctx.names && ctx.names[seat]) return ctx.names[seat];
  return `Seat ${Number(seat) + 1}`;  // (counted from 1, as people count)
}

function plural(n, word) {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

function wrap(text, width) {
  const words = String(text).split(/\s+/);
  const lines = [];
  let line = "";
  for (const word of words) {
    if (line && `${line} ${word}`.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

// ------------------------------------------------------------------ legal actions
/** The legal actions, sorted by verb; `offered` keeps those the board made clickable. */
function readLegal(legal) {
  const info = { all: legal, set: new Set(legal), verbs: {}, offered: new Set() };
  for (const action of legal) {
    const verb = action.split(" ")[0];
    (info.verbs[verb] = info.verbs[verb] || []).push(action);
  }
  info.has = (action) => info.set.has(action);
  info.of = (verb) => info.verbs[verb] || [];
  info.offer = (action) => {
    info.offered.add(action);
    return action;
  };
  return info;
}

function cardsOf(action) {
  return action.split(" ").slice(1).filter((w) => /^[ABC]\d+$/.test(w));
}

// ------------------------------------------------------------------ cards
function codeChips(svg, codes, x, y, size, anchorRight = true) {
  const letters = String(codes).split("");
  const step = size + 2;
  let cx = anchorRight ? x - letters.length * step + step / 2 : x + step / 2;
  for (const letter of letters) {
    svg.append(
      s("rect", { x: cx - size / 2, y: y - size / 2, width: size, height: size, rx: 2.5, fill: LETTER_COLOUR[letter] || "#777" }),
      s("text", { x: cx, y: y + size * 0.34, "text-anchor": "middle", "font-size": size * 0.78, "font-weight": 800, fill: "#fff" }, letter),
    );
    cx += step;
  }
}

function tooltip(card, owner) {
  const lines = [`${card.number} · ${STACK[card.stack] ? STACK[card.stack].label : card.stack} (${card.part})`, card.trait, `syllable “${card.syllable}”`];
  const food = foodOf(card.number);
  if (food) lines.push(`food-chain symbol: ${food}`);
  if (card.codes !== undefined) lines.push(card.codes ? `climate codes: ${card.codes}` : "no climate code");
  else if (owner !== undefined) lines.push("climate codes hidden by the identification marker");
  return lines.join("\n");
}

/** One CHARACTER card as SVG. size: hand (portrait) | tile (in a QUiRKS) | mini. */
function cardSvg(card, { size = "hand", owner, playable = false, selected = false, onclick = null, action = null, dim = false, fresh = false } = {}) {
  const [W, H] = SIZES[size];
  const st = STACK[card.stack] || STACK["animal-b"];
  const classes = ["qk-card", `size-${size}`];
  if (playable) classes.push("playable");
  if (selected) classes.push("selected");
  if (dim) classes.push("dim");
  if (fresh) classes.push("fresh");
  const svg = s("svg", {
    class: classes.join(" "), width: W, height: H, viewBox: `0 0 ${W} ${H}`, role: onclick ? "button" : "img",
    "aria-label": `${card.number} ${card.trait}`, "data-card": card.number, "data-action": action || undefined,
    tabindex: onclick ? 0 : undefined,
  });
  svg.append(s("title", {}, tooltip(card, owner)));
  const food = foodOf(card.number);
  const band = owner !== undefined && owner !== null ? seatColour(owner) : null;
  svg.append(s("rect", { x: 1, y: 1, width: W - 2, height: H - 2, rx: size === "mini" ? 4 : 7, fill: "#fbf8f1", stroke: st.colour, "stroke-width": 2 }));
  if (size === "mini") {
    svg.append(s("rect", { x: 1, y: 1, width: W - 2, height: 11, rx: 4, fill: st.colour }),
      s("text", { x: W / 2, y: 10, "text-anchor": "middle", "font-size": 9, "font-weight": 800, fill: "#fff" }, card.number),
      s("text", { x: W / 2, y: H - 7, "text-anchor": "middle", "font-size": 11, "font-weight": 700, fill: st.dark }, card.syllable));
    if (food) svg.append(s("circle", { cx: W - 6, cy: 18, r: 4, fill: food, stroke: INK, "stroke-width": 0.8 }));
    if (band) svg.append(s("rect", { x: 1, y: H - 4, width: W - 2, height: 3, fill: band }));
  } else if (size === "tile") {
    // a card laid in a QUiRKS: a header with its number and part, trait, syllable, codes
    svg.append(
      s("path", { d: `M1 17 V8 Q1 1 8 1 H${W - 8} Q${W - 1} 1 ${W - 1} 8 V17 Z`, fill: st.colour }),
      s("text", { x: 6, y: 13, "font-size": 11, "font-weight": 800, fill: "#fff" }, card.number),
      s("text", { x: food ? W - 19 : W - 6, y: 12.5, "text-anchor": "end", "font-size": 8, "font-weight": 600, fill: "rgba(255,255,255,.9)", "letter-spacing": .3 }, card.part.toUpperCase()),
    );
    if (food) svg.append(s("circle", { cx: W - 9, cy: 9, r: 5.5, fill: food, stroke: "#fff", "stroke-width": 1.3 }));
    const lines = wrap(card.trait, 17).slice(0, 2);
    lines.forEach((line, i) => svg.append(s("text", { x: W / 2, y: 29 + i * 10, "text-anchor": "middle", "font-size": 8.6, fill: "#3a4257" }, line)));
    svg.append(s("text", { x: 7, y: H - 8, "font-size": 13, "font-weight": 800, fill: st.dark, "font-style": "italic" }, card.syllable));
    if (card.codes) codeChips(svg, card.codes, W - 5, H - 12, 10);
    else if (card.codes === undefined && owner !== undefined) {
      svg.append(s("text", { x: W - 7, y: H - 8, "text-anchor": "end", "font-size": 8, fill: "#9aa0ad" }, "· · ·"));
    }
    if (band) svg.append(s("rect", { x: 2, y: H - 4, width: W - 4, height: 3, rx: 1.5, fill: band }));
  } else {
    // a card in a hand: portrait, as printed
    svg.append(
      s("path", { d: `M1 22 V8 Q1 1 8 1 H${W - 8} Q${W - 1} 1 ${W - 1} 8 V22 Z`, fill: st.colour }),
      s("text", { x: 7, y: 16, "font-size": 13, "font-weight": 800, fill: "#fff" }, card.number),
      s("text", { x: food ? W - 22 : W - 7, y: 15, "text-anchor": "end", "font-size": 8.5, "font-weight": 600, fill: "rgba(255,255,255,.92)", "letter-spacing": .3 }, card.part.toUpperCase()),
      s("rect", { x: 8, y: 30, width: W - 16, height: 44, rx: 6, fill: st.tint }),
      s("text", { x: W / 2, y: 61, "text-anchor": "middle", "font-size": 21, "font-weight": 800, "font-style": "italic", fill: st.dark }, card.syllable),
    );
    if (food) svg.append(s("circle", { cx: W - 11, cy: 11, r: 7, fill: food, stroke: "#fff", "stroke-width": 1.6 }));
    const lines = wrap(card.trait, 15).slice(0, 3);
    lines.forEach((line, i) => svg.append(s("text", { x: W / 2, y: 88 + i * 11, "text-anchor": "middle", "font-size": 9.5, fill: "#3a4257" }, line)));
    if (card.codes) codeChips(svg, card.codes, W / 2 - (card.codes.length * 14 - 2) / 2, H - 12, 12, false);
    else if (card.codes === "") svg.append(s("text", { x: W / 2, y: H - 8, "text-anchor": "middle", "font-size": 8.5, fill: "#9aa0ad" }, "no code"));
    if (band) svg.append(s("rect", { x: 2, y: H - 4, width: W - 4, height: 3, rx: 1.5, fill: band }));
  }
  if (onclick) clickable(svg, onclick);
  return svg;
}

function cardBack(label, { small = false, count = null, onclick = null, playable = false, action = null } = {}) {
  const [W, H] = small ? [26, 36] : [66, 90];
  const svg = s("svg", {
    class: `qk-back${playable ? " playable" : ""}`, width: W, height: H, viewBox: `0 0 ${W} ${H}`, role: onclick ? "button" : "img",
    "aria-label": label, "data-action": action || undefined, tabindex: onclick ? 0 : undefined,
  },
  s("title", {}, label),
  s("rect", { x: 1, y: 1, width: W - 2, height: H - 2, rx: small ? 3 : 7, fill: "#2b4a3a", stroke: "#7fc79a", "stroke-width": small ? 1 : 1.5 }),
  s("rect", { x: small ? 4 : 7, y: small ? 4 : 7, width: W - (small ? 8 : 14), height: H - (small ? 8 : 14), rx: small ? 2 : 5, fill: "none", stroke: "rgba(255,255,255,.25)" }),
  small ? null : s("text", { x: W / 2, y: H / 2 + 6, "text-anchor": "middle", "font-size": 18, "font-weight": 800, fill: "#cfeedd", "font-style": "italic" }, "Q"),
  count !== null && !small ? s("text", { x: W / 2, y: H - 12, "text-anchor": "middle", "font-size": 11, "font-weight": 700, fill: "#cfeedd" }, String(count)) : null,
  );
  if (onclick) svg.addEventListener("click", onclick);
  return svg;
}

/** A QUiRKS assembled from its cards: plants upright (flower over stem over root), animals
 *  lying down (head, body, tail). `each(card)` gives a card its click. */
function creature(quirks, niche, { owner, each = () => ({}), size = "tile", label = true, fresh = new Set() } = {}) {
  const plant = niche === "plant";
  const cards = quirks.cards || [];
  return h("div", { class: `qk-creature ${plant ? "plant" : "animal"} size-${size}`, "data-name": quirks.name || "" },
    label ? h("div", { class: "qk-name" },
      owner !== undefined && owner !== null ? h("span", { class: "seat-dot", style: { background: seatColour(owner) }, title: "identification marker" }) : null,
      h("b", {}, quirks.name || "—")) : null,
    h("div", { class: "qk-parts" }, cards.map((card) => cardSvg(card, { size, owner, fresh: fresh.has(card.number), ...each(card) }))),
  );
}

// ------------------------------------------------------------------ the climate table
/** The climate table as a band: five climates of six zones, X zones marked, the marker on
 *  its space; legal climate moves are arrows to click. */
// ------------------------------------------------------------------ shared pieces
function actionButton(legal, action, send, label, cls = "") {
  legal.offer(action);
  return h("button", { class: cls, onclick: () => send(action), "data-action": action, title: action }, label);
}

/** Buttons for what the board did not make clickable: nothing legal is ever out of reach. */
function leftovers(legal, send) {
  const rest = legal.all.filter((a) => !legal.offered.has(a));
  if (!rest.length) return null;
  return h("div", { class: "qk-rest" }, h("span", { class: "faint small" }, "also:"),
    rest.slice(0, 60).map((action) => h("button", { class: "small ghost", onclick: () => send(action), "data-action": action }, action)));
}

function actionBar(prompt, mine, controls, legal, send, sending = false) {
  if (sending) {
    return h("div", { class: "qk-actionbar waiting", "data-role": "actions" }, h("div", { class: "prompt" }, "Sending your choice…"));
  }
  return h("div", { class: `qk-actionbar ${mine ? "mine" : "waiting"}`, "data-role": "actions" },
    h("div", { class: "prompt" }, prompt),
    h("div", { class: "controls" }, controls, mine ? leftovers(legal, send) : null));
}

// The latest log lines, each seat by its player's name (the lines count seats from 0, as the
// engine does: "Seat 2 takes C19" is the third seat's move).
function recent(log, n, ctx) {
  const items = (log || []).slice(-n);
  if (!items.length) return null;
  const names = Array.from({ length: 8 }, (_, seat) => seatName(ctx, seat));  // (six players at most)
  return h("ol", { class: "qk-recent" }, items.map((entry, i) => h("li", { class: i === items.length - 1 ? "newest" : "" }, withNames(entry.text || String(entry), names))));
}

/** Multi-card selection (place, make): cards stay selectable while some legal action holds
 *  the selection and them; a confirm button appears when the selection is an action. */
function selection(ui, key, actions) {
  const chosen = (ui[key] || []).filter((n) => actions.some((a) => cardsOf(a).includes(n)));
  ui[key] = chosen;
  const fits = (set) => actions.filter((a) => {
    const cards = cardsOf(a);
    return set.every((n) => cards.includes(n));
  });
  const can = new Set();
  for (const action of fits(chosen)) for (const n of cardsOf(action)) if (!chosen.includes(n)) can.add(n);
  const exact = actions.find((a) => {
    const cards = cardsOf(a);
    return cards.length === chosen.length && chosen.every((n) => cards.includes(n));
  });
  return { chosen, can, exact };
}

function toggle(ui, key, number, ctx) {
  const list = ui[key] || [];
  ui[key] = list.includes(number) ? list.filter((n) => n !== number) : [...list, number];
  ctx.rerender();
}

/** A mutation is chosen in two clicks (a card of a QUiRKS, then a hand card or "discard &
 *  draw") and sent once confirmed: the controls for each step. */
function mutationControls(ui, legal, exchanges, send, ctx) {
  if (!ui.mutate) return [];
  const drawn = `mutate ${ui.mutate}`;
  if (ui.mutation && !legal.has(ui.mutation)) ui.mutation = null;
  if (ui.mutation) {
    const chosen = ui.mutation;
    const card = chosen.split(" ")[3];
    legal.offer(chosen);
    return [confirmBar({
      what: card ? `Mutate ${ui.mutate}: exchange it for ${card} from your hand` : `Mutate ${ui.mutate}: discard it and draw its replacement`,
      action: chosen,
      onConfirm: () => { ui.mutate = null; ui.mutation = null; sendInOrder(ctx, send, [chosen]); },
      onChange: () => { ui.mutation = null; ctx.rerender(); },
    })];
  }
  const controls = [h("span", { class: "muted small" }, `Mutate ${ui.mutate}:`)];
  if (legal.has(drawn)) {
    legal.offer(drawn);
    controls.push(h("button", { class: "gold", "data-action": drawn, title: drawn, onclick: () => { ui.mutation = drawn; ctx.rerender(); } }, "Discard & draw"));
  }
  if (exchanges.size) controls.push(h("span", { class: "muted small" }, "or click a glowing hand card to exchange"));
  controls.push(h("button", { class: "ghost small", onclick: () => { ui.mutate = null; ctx.rerender(); } }, "Cancel"));
  return controls;
}

/** Cards chosen from the hand (place, make): what they would make, confirmed once. */
function selectionBar(picked, verb, label, ui, key, send, ctx) {
  return confirmBar({
    what: `${verb} ${picked.chosen.join(" ")}`, ready: Boolean(picked.exact), missing: "choose another card",
    detail: label, action: picked.exact || undefined, confirmLabel: picked.exact && picked.chosen.length === 3 ? `Confirm: ${label}` : "Confirm",
    onConfirm: () => { ui[key] = []; sendInOrder(ctx, send, [picked.exact]); },
    onChange: () => { ui[key] = []; ctx.rerender(); },
  });
}

/** The bottom of the board that stays in sight: the action bar and the hand. */
function dock(bar, me) {
  return h("div", { class: "dock qk-dock" }, bar, me);
}

// ------------------------------------------------------------------ Quirks
function nichePanel(view, niche, entry, legal, send, ctx, clickTable) {
  const info = NICHE[niche];
  const destined = view.niche === niche;
  const contest = view.contest && view.contest.niche === niche ? view.contest : null;
  const choose = legal.has(`niche ${niche}`) ? `niche ${niche}` : null;
  if (choose) legal.offer(choose);
  const level = (name) => {
    const q = entry[name];
    const contested = contest && ((contest.kind === "upper" && name === "upper") || (contest.kind === "lower" && name === "lower"));
    return h("div", { class: `qk-level ${name}${contested ? " contested" : ""}`, "data-level": name },
      h("div", { class: "qk-level-head" },
        h("span", { class: "qk-tag" }, name === "upper" ? "Upper" : "Lower"),
        q ? h("span", { class: "small" }, h("span", { class: "seat-dot", style: { background: seatColour(q.owner) } }), " ", seatName(ctx, q.owner), q.owner === ctx.seat ? h("span", { class: "faint" }, " (you)") : null)
          : h("span", { class: "faint small" }, "vacant"),
        contested ? h("span", { class: "qk-contested" }, "contested") : null),
      q ? creature(q, niche, { owner: q.owner, each: (card) => clickTable(card, q) }) : h("div", { class: `qk-vacant ${niche === "plant" ? "plant" : "animal"}` }, "no QUiRKS"),
    );
  };
  return h("section", {
    class: `qk-niche${destined ? " destined" : ""}${choose ? " playable" : ""}`, style: `--niche: ${info.colour}`, "data-niche": niche,
    onclick: choose ? () => send(choose) : null, "data-action": choose || undefined, role: choose ? "button" : null,
  },
  h("div", { class: "qk-niche-head" }, h("span", { class: "qk-niche-icon" }, info.icon), h("h3", {}, info.label),
    destined ? h("span", { class: "qk-destiny-chip" }, "destiny") : null,
    choose ? h("span", { class: "qk-destiny-chip choose" }, "choose") : null),
  level("upper"), level("lower"));
}

function contestPanel(view, legal, ctx, clickCard) {
  const c = view.contest;
  const reveal = (view.reveals || []).slice(-1)[0];
  if (!c && !reveal) return null;
  const parts = [];
  if (c) {
    const niche = view.niches.find((n) => n.niche === c.niche);
    const defending = c.kind === "upper" ? niche.upper : niche.lower;
    const faces = c.faces || {};
    const ready = c.ready || {};
    const waiting = Object.values(ready).filter((r) => !r).length;
    const faceChip = (seat) => {
      const key = String(seat);
      if (faces[key] !== undefined) return h("span", { class: `qk-face ${faces[key] ? "up" : "down"}` }, faces[key] ? "face up" : "face down");
      if (ready[key] !== undefined) return h("span", { class: `qk-face ${ready[key] ? "ready" : "pending"}` }, ready[key] ? (key === String(ctx.seat) && c.my_choice ? `chose ${c.my_choice}` : "chosen") : "deciding…");
      if (c.rolls && c.rolls[key]) return h("span", { class: "qk-face ready" }, `rolled ${c.rolls[key].join(" + ")}`);
      return null;
    };
    const side = (role, seat, cards, name) => h("div", { class: `qk-side ${role}`, style: `--seat: ${seatColour(seat)}` },
      h("div", { class: "qk-side-head" }, h("span", { class: "qk-tag" }, role), h("span", { class: "seat-dot", style: { background: seatColour(seat) } }),
        h("b", {}, seatName(ctx, seat)), faceChip(seat)),
      cards && cards.length ? creature({ name, cards }, c.niche, { owner: seat, each: (card) => clickCard(card), label: !!name })
        : h("div", { class: "faint small" }, seat === null || seat === undefined ? "" : "no cards shown"));
    const attacker = c.attacker_cards || [];
    parts.push(h("div", { class: "qk-contest-head" },
      h("h3", {}, c.in_defence ? "Defence of the upper niches" : `Competition for the ${c.kind} ${c.niche} niche`),
      waiting && Object.keys(ready).length ? h("span", { class: "qk-waiting" }, `waiting for ${plural(waiting, "player")}`) : null,
      c.demoting !== null && c.demoting !== undefined ? h("span", { class: "chip bad" }, `${seatName(ctx, c.demoting)} is demoted: one card goes`) : null,
      c.defender_drew ? h("span", { class: "chip" }, `defender drew from ${STACK[c.defender_drew] ? STACK[c.defender_drew].label : c.defender_drew}`) : null,
    ));
    parts.push(h("div", { class: "qk-duel" },
      side("challenger", c.attacker, attacker, attacker.length === 3 ? attacker.map((x) => x.syllable).join("").replace(/^./, (m) => m.toUpperCase()) : ""),
      h("div", { class: "qk-vs" }, "vs"),
      c.defender !== null && c.defender !== undefined ? side("defender", c.defender, defending ? defending.cards : [], defending ? defending.name : "")
        : h("div", { class: "qk-side defender" }, h("span", { class: "faint" }, "vacant niche")),
    ));
    const extras = [];
    if (c.drawn) extras.push(h("div", { class: "qk-extra" }, h("span", { class: "small muted" }, "you drew"), cardSvg(c.drawn, { size: "tile", owner: ctx.seat, ...clickCard(c.drawn, "drawn") })));
    if (c.shown_to_others) extras.push(h("span", { class: "small faint" }, `the others see ${c.shown_to_others.join(" ")}`));
    if (c.intelligence && c.intelligence.length) extras.push(h("span", { class: "chip gold" }, `Intelligence: ${c.intelligence.map((x) => seatName(ctx, x)).join(", ")}`));
    if (extras.length) parts.push(h("div", { class: "qk-extras" }, extras));
  }
  if (reveal) {
    const totals = Object.entries(reveal.totals || {});
    const best = Math.max(1, ...totals.map(([, t]) => t.total));
    parts.push(h("div", { class: "qk-count", "data-reveal": (view.reveals || []).length },
      h("div", { class: "qk-count-head" }, h("b", {}, `Counted in the ${CLIMATE[reveal.climate] ? CLIMATE[reveal.climate].label : reveal.climate}`),
        h("span", { class: "faint small" }, ` · ${reveal.level} ${reveal.niche} niche`)),
      totals.map(([seat, t]) => h("div", { class: `qk-bar${Number(seat) === reveal.winner ? " win" : ""}`, style: `--seat: ${seatColour(Number(seat))}` },
        h("span", { class: "who" }, seatName(ctx, Number(seat))),
        h("span", { class: "track" }, h("span", { class: "fill", style: { width: `${Math.max(4, 100 * Math.max(0, t.total) / best)}%` } })),
        h("span", { class: "num" }, h("b", {}, String(t.total)), h("span", { class: "faint small" }, ` = ${t.cards} ${t.food_chain >= 0 ? "+" : "−"} ${Math.abs(t.food_chain)} food`),
          reveal.rolled && reveal.rolled[seat] ? h("span", { class: "faint small" }, ` (rolled ${reveal.rolled[seat].join("+")})`) : null),
        Number(seat) === reveal.winner ? h("span", { class: "chip gold" }, "wins") : null)),
    ));
  }
  return h("section", { class: `qk-contest${c ? " live" : ""}` }, parts);
}

function playersPanel(view, ctx) {
  const drawn = (view.destiny && view.destiny.drawn) || [];
  return h("section", { class: "qk-players" },
    h("div", { class: "qk-title" }, h("h3", {}, "Players"),
      h("span", { class: "qk-destiny" }, h("span", { class: "faint small" }, "destiny markers this cycle:"),
        drawn.length ? drawn.map((n) => h("span", { class: "qk-marker-chip", style: `--niche: ${NICHE[n].colour}` }, NICHE[n].icon, " ", NICHE[n].label))
          : h("span", { class: "faint small" }, "none"),
        h("span", { class: "faint small" }, `· ${view.destiny ? view.destiny.pool : 0} in the pool`))),
    h("div", { class: "qk-player-grid" }, view.players.map((p) => {
      const toAct = (view.to_act || []).includes(p.seat);
      const winner = (view.winners || []).includes(p.seat);
      return h("div", { class: `qk-player${toAct ? " to-act" : ""}${p.eliminated ? " out" : ""}${winner ? " winner" : ""}`, style: `--seat: ${seatColour(p.seat)}`, "data-seat": p.seat },
        h("div", { class: "head" }, h("span", { class: "seat-dot", style: { background: seatColour(p.seat) } }),
          h("b", {}, seatName(ctx, p.seat)), p.seat === ctx.seat ? h("span", { class: "faint small" }, "you") : null,
          toAct ? h("span", { class: "qk-turn" }, "to act") : null,
          winner ? h("span", { class: "chip gold" }, "winner") : null,
          p.eliminated ? h("span", { class: "chip bad" }, "eliminated") : null),
        h("div", { class: "stats" },
          h("span", { class: "qk-handsize", title: Object.entries(p.hand_stacks || {}).map(([k, v]) => `${v} × ${k}`).join(", ") }, h("i", {}), `${p.hand_size} in hand`),
          p.upper_niches.length ? p.upper_niches.map((n) => h("span", { class: "qk-marker-chip", style: `--niche: ${NICHE[n].colour}` }, `upper ${n}`)) : null,
        ),
        h("div", { class: "qk-extinct", title: (p.extinct || []).map((b) => b.join(" ")).join(" · ") || "no extinct branch" },
          h("span", { class: "faint small" }, "extinctions"),
          [0, 1, 2].map((i) => (i < p.extinctions ? cardBack(`extinct branch: ${(p.extinct[i] || []).join(" ")}`, { small: true }) : h("span", { class: "qk-slot" })))),
        revealedHand(p, ctx),
      );
    })));
}

/** A player's hand as mini cards: shown when the view holds it (as at the end) or, in a
 * replay with everything revealed, from that seat's own view. */
function revealedHand(p, ctx) {
  const hand = p.hand || revealedOf(ctx, p.seat);
  if (!hand) return null;
  return h("div", { class: "qk-revealed", "data-revealed-hand": p.seat, title: `${seatName(ctx, p.seat)}'s hand` },
    hand.map((card) => cardSvg(card, { size: "mini" })));
}

/** Where your seat stands, in the dock: the upper niches held (three win) and extinctions. */
function standing(view, seat) {
  const p = view.players.find((q) => q.seat === seat);
  if (!p) return null;
  return h("span", { class: "qk-standing" },
    h("span", { class: "chip gold" }, `${p.upper_niches.length} of 3 upper niches`),
    h("span", { class: "chip" }, `${p.extinctions} extinction${p.extinctions === 1 ? "" : "s"}`));
}

function quirksPrompt(view, legal, ctx) {
  if (view.is_over) return `Game over: ${(view.winners || []).map((w) => seatName(ctx, w)).join(", ") || "nobody"} won`;
  const c = view.contest;
  const st = view.stage;
  if (!legal.all.length) {
    if (c && c.ready && Object.keys(c.ready).length) {
      const waiting = Object.values(c.ready).filter((r) => !r).length;
      return `Face up or face down: waiting for ${plural(waiting, "player")}…`;
    }
    const waiting = view.to_act || [];
    return waiting.length ? `Waiting for ${waiting.map((w) => seatName(ctx, w)).join(" and ")}…` : "Waiting…";
  }
  const verbs = legal.verbs;
  if (verbs.setup) return "Set up your lower QUiRKS: its second card from the B or the C stack";
  if (verbs.niche) return "Choose the niche you play in: click a niche";
  if (verbs.redraw) return `The destiny marker names your own upper niche: mutate it or draw another marker`;
  if (verbs.climate) return "Move the climate marker: click +1 or +2 on the climate table";
  if (verbs.replace) return "Random mutation: click a card of your QUiRKS or your hand to replace it";
  if (verbs.complete) return "Complete your QUiRKS: keep the card you drew, or click a card of your hand";
  if (st === "demote" && verbs.discard) return "Demoted: click the card your QUiRKS loses";
  if (verbs.discard) return "Too many cards: click a card of your hand to discard it";
  if (verbs["face-up"] && verbs.mutate) return "Face up, or face down? You may first mutate your QUiRKS: click one of its cards";
  if (verbs["face-up"]) return "Face up, or face down? Both are revealed together";
  if (verbs.roll) return "Intelligence: roll the dice, or use the adaptation table";
  if (verbs.challenge) return "The three upper niches are held: challenge, or decline";
  if (verbs.concede) return "Concede the competition, or go on";
  if (verbs.accept) return `Seat ${c ? c.attacker : "?"} challenges your lower ${c ? c.niche : ""} QUiRKS: pass or accept`;
  if (verbs.fight) return "The defender accepts: fight, or give up";
  if (verbs.continue) return "You won the competition: a new action, or end the turn";
  if (verbs.place || verbs.mutate || verbs.compete) {
    const bits = [];
    if (verbs.mutate) bits.push("click a card of your QUiRKS to mutate it");
    if (verbs.place) bits.push("select cards of your hand to place");
    if (verbs.compete) bits.push("compete for the upper niche");
    return `Your action in the ${view.niche || ""} niche: ${bits.join(", or ")}`;
  }
  return "Your turn";
}

export function renderQuirks(view, legalList, send, ctx) {
  useStyle("/css/quirks.css");
  facesOf(ctx.components);
  const ui = ctx.ui;
  const legal = readLegal(legalList);
  const mine = legalList.length > 0;
  const seat = ctx.seat;

  // mutation: a card of one's QUiRKS first, then "discard & draw" or a hand card
  const mutations = legal.of("mutate").filter((a) => a !== "mutate");
  const mutable = new Set(mutations.map((a) => a.split(" ")[1]));
  if (ui.mutate && !mutable.has(ui.mutate)) ui.mutate = null;
  const exchanges = new Map(); // hand card -> action, for the chosen card
  if (ui.mutate) for (const a of mutations) if (a.startsWith(`mutate ${ui.mutate} for `)) exchanges.set(a.split(" ")[3], a);
  const place = selection(ui, "place", legal.of("place"));
  const singles = {};
  for (const verb of ["discard", "replace", "complete"]) for (const a of legal.of(verb)) if (cardsOf(a).length === 1) singles[cardsOf(a)[0]] = a;

  const clickTable = (card) => {
    const n = card.number;
    if (singles[n] && !singles[n].startsWith("complete")) {
      const a = legal.offer(singles[n]);
      return { playable: true, action: a, onclick: () => send(a) };
    }
    if (mutable.has(n)) {
      for (const a of mutations) if (a.split(" ")[1] === n) legal.offer(a);
      return { playable: true, selected: ui.mutate === n, action: `mutate ${n}`, onclick: () => { ui.mutate = ui.mutate === n ? null : n; ctx.rerender(); } };
    }
    return {};
  };
  const clickHand = (card) => {
    const n = card.number;
    if (ui.mutate && exchanges.has(n)) {
      const a = exchanges.get(n);
      return { playable: true, selected: ui.mutation === a, action: a, onclick: () => { ui.mutation = a; ctx.rerender(); } };
    }
    if (singles[n]) {
      const a = legal.offer(singles[n]);
      return { playable: true, action: a, onclick: () => send(a) };
    }
    if (place.chosen.includes(n) || place.can.has(n)) {
      return { playable: true, selected: place.chosen.includes(n), action: `select ${n}`, onclick: () => toggle(ui, "place", n, ctx) };
    }
    return { dim: !!(ui.mutate || place.chosen.length) };
  };
  const clickContest = (card, where) => {
    if (where === "drawn" && legal.has("complete drawn")) return { playable: true, action: legal.offer("complete drawn"), onclick: () => send("complete drawn") };
    return clickTable(card);
  };
  for (const a of legal.of("place")) if (cardsOf(a).every((n) => (view.hand || []).some((c) => c.number === n))) legal.offer(a);

  const niches = h("div", { class: "qk-niches" }, view.niches.map((entry) => nichePanel(view, entry.niche, entry, legal, send, ctx, clickTable)));
  const contest = contestPanel(view, legal, ctx, clickContest);
  const track = climateTrack(view.climate, legal, send);

  // the action bar's controls
  const controls = [...mutationControls(ui, legal, exchanges, send, ctx)];
  if (place.chosen.length) {
    controls.push(selectionBar(place, "Place", place.chosen.length === 3 ? "place the QUiRKS" : "place these cards", ui, "place", send, ctx));
  }
  for (const side of ["b", "c"]) if (legal.has(`setup ${side}`)) controls.push(actionButton(legal, `setup ${side}`, send, `Second card from ${side.toUpperCase()}`, "gold"));
  for (const n of [1, 2]) if (legal.has(`climate ${n}`)) controls.push(actionButton(legal, `climate ${n}`, send, `Climate +${n} →`, n === 1 ? "" : ""));
  if (legal.has("complete drawn") && !view.contest) controls.push(actionButton(legal, "complete drawn", send, "Keep the drawn card", "gold"));
  else if (legal.has("complete drawn")) controls.push(actionButton(legal, "complete drawn", send, "Keep the drawn card", "gold"));
  for (const n of NICHES) if (legal.has(`niche ${n}`)) controls.push(actionButton(legal, `niche ${n}`, send, NICHE[n].label));
  const order = ["face-up", "face-down", "accept", "pass", "fight", "give-up", "compete", "redraw", "mutate", "roll", "table", "challenge", "decline", "concede", "hold", "continue", "end"];
  for (const verb of order) {
    if (!legal.has(verb)) continue;
    const gold = ["face-up", "accept", "fight", "compete", "continue", "challenge", "roll"].includes(verb);
    controls.push(actionButton(legal, verb, send, PLAIN[verb] || verb, gold ? "gold" : ""));
  }

  const hand = view.hand || [];
  const me = seat === null || seat === undefined ? null : view.players.find((p) => p.seat === seat);
  const toAct = (view.to_act || []).includes(seat);
  const handCards = hand.map((card) => cardSvg(card, { size: "hand", owner: seat, ...clickHand(card) }));
  const bar = ctx.replay || view.is_over ? null : actionBar(quirksPrompt(view, legal, ctx), mine, controls, legal, send, ctx.sending);
  return h("div", { class: "qk qk-quirks", "data-stage": view.stage },
    h("div", { class: "qk-status" },
      h("span", { class: "qk-stage" }, stageWords(view.stage)),
      view.niche ? h("span", { class: "qk-marker-chip big", style: `--niche: ${NICHE[view.niche].colour}` }, NICHE[view.niche].icon, ` ${NICHE[view.niche].label} niche`) : null,
      h("span", { class: "muted small" }, turnLine(ctx, view)),
      h("span", { class: "spacer" }),
      recent(view.log, 2, ctx)),
    track,
    contest,
    niches,
    dock(bar, me ? h("section", { class: `qk-me${toAct ? " to-act" : ""}`, style: `--seat: ${seatColour(seat)}` },
      h("div", { class: "head", "data-role": "score" }, h("span", { class: "seat-dot", style: { background: seatColour(seat) } }),
        h("b", {}, ctx.replay ? seatName(ctx, seat) : `Your hand · ${seatName(ctx, seat)}`),
        h("span", { class: "faint small" }, `${hand.length} cards`), standing(view, seat)),
      h("div", { class: "qk-hand", "data-role": "hand" }, hand.length ? handCards : h("span", { class: "faint" }, "Your hand is empty."))) : null),
    playersPanel(view, ctx),
  );
}

// ------------------------------------------------------------------ Quirks solitaire
export function renderQuirksSolitaire(view, legalList, send, ctx) {
  useStyle("/css/quirks.css");
  facesOf(ctx.components);
  const ui = ctx.ui;
  const legal = readLegal(legalList);
  const mine = legalList.length > 0;
  const mutations = legal.of("mutate");
  const mutable = new Set(mutations.map((a) => a.split(" ")[1]));
  if (ui.mutate && !mutable.has(ui.mutate)) ui.mutate = null;
  const exchanges = new Map();
  if (ui.mutate) for (const a of mutations) if (a.startsWith(`mutate ${ui.mutate} for `)) exchanges.set(a.split(" ")[3], a);
  const counted = new Map((view.counted || []).map((c) => [c.niche, c]));
  const clickTable = (card) => {
    if (!mutable.has(card.number)) return {};
    for (const a of mutations) if (a.split(" ")[1] === card.number) legal.offer(a);
    return { playable: true, selected: ui.mutate === card.number, action: `mutate ${card.number}`, onclick: () => { ui.mutate = ui.mutate === card.number ? null : card.number; ctx.rerender(); } };
  };
  const clickHand = (card) => {
    if (ui.mutate && exchanges.has(card.number)) {
      const a = exchanges.get(card.number);
      return { playable: true, selected: ui.mutation === a, action: a, onclick: () => { ui.mutation = a; ctx.rerender(); } };
    }
    return { dim: !!ui.mutate };
  };
  const controls = [...mutationControls(ui, legal, exchanges, send, ctx)];
  for (const n of [1, 2]) if (legal.has(`climate ${n}`)) controls.push(actionButton(legal, `climate ${n}`, send, `Climate +${n} →`));
  // the player counts the QUiRKS in the order it chooses
  for (const niche of NICHES) {
    const a = `count ${niche}`;
    if (legal.has(a)) controls.push(actionButton(legal, a, send, `Count the ${NICHE[niche].label.toLowerCase()}${(view.counted || []).length ? "" : ` in the ${view.climate.name}`}`, "gold"));
  }
  if (legal.has("stop")) controls.push(actionButton(legal, "stop", send, "Stop (counted ones go extinct)"));
  if (legal.has("continue")) controls.push(actionButton(legal, "continue", send, "Continue: draw a destiny marker"));
  for (const v of ["end", "redraw"]) if (legal.has(v)) controls.push(actionButton(legal, v, send, PLAIN[v]));
  let prompt;
  if (view.is_over) prompt = view.won ? "You win: a perfect group of QUiRKS!" : `You lose: ${view.result || "the climate won"}`;
  else if (legal.verbs.mutate) prompt = `Destiny: the ${view.niche} niche. Click one of its cards to mutate it`;
  else if (legal.verbs.climate) prompt = "Move the climate marker one or two zones";
  else if (legal.verbs.stop) prompt = "Count the next QUiRKS, or stop here";
  else if (legal.verbs.count && legal.verbs.climate === undefined) prompt = "Count your QUiRKS in this climate, or play on";
  else prompt = mine ? "Your move" : "…";
  // A spectator sees the hand's size only; a replay with everything revealed shows the player's hand.
  const shown = view.hand || revealedOf(ctx, 0);
  const handCards = shown ? shown.map((card) => cardSvg(card, { size: "hand", ...(view.hand ? clickHand(card) : {}) }))
    : Array.from({ length: view.hand_size || 0 }, () => cardBack("a card in the player's hand", { small: true }));
  const total = (view.counted || []).reduce((a, c) => a + c.total, 0);
  const need = view.thresholds[view.climate.name];
  return h("div", { class: "qk qk-solitaire", "data-stage": view.stage },
    h("div", { class: "qk-status" },
      h("span", { class: "qk-stage" }, stageWords(view.stage)),
      view.niche ? h("span", { class: "qk-marker-chip big", style: `--niche: ${NICHE[view.niche].colour}` }, NICHE[view.niche].icon, ` ${NICHE[view.niche].label} niche`) : null,
      h("span", { class: "muted small" }, `${view.destiny.pool} destiny markers left`),
      h("span", { class: "spacer" }),
      h("span", { class: "qk-extinct" }, h("span", { class: "faint small" }, "extinctions"),
        [0, 1, 2].map((i) => (i < view.extinctions ? cardBack(`extinct: ${(view.extinct[i] || []).join(" ")}`, { small: true }) : h("span", { class: "qk-slot" }))))),
    climateTrack(view.climate, legal, send, { thresholds: view.thresholds }),
    (view.counted || []).length ? h("section", { class: "qk-count live" },
      h("div", { class: "qk-count-head" }, h("b", {}, `Counted in the ${CLIMATE[view.climate.name].label}: ${total}`), h("span", { class: "faint small" }, ` of ${need} needed`)),
      h("div", { class: "qk-bar" }, h("span", { class: "who" }, "group"), h("span", { class: "track" }, h("span", { class: "fill", style: { width: `${Math.min(100, 100 * Math.max(0, total) / need)}%` } })), h("span", { class: "num" }, h("b", {}, `${total} / ${need}`))),
      (view.counted || []).map((c) => h("div", { class: "small muted" }, `${NICHE[c.niche].label}: ${c.cards} ${c.food_chain >= 0 ? "+" : "−"} ${Math.abs(c.food_chain)} food chain = `, h("b", {}, String(c.total))))) : null,
    h("div", { class: "qk-niches" }, view.quirks.map((q) => h("section", { class: `qk-niche${view.niche === q.niche ? " destined" : ""}`, style: `--niche: ${NICHE[q.niche].colour}`, "data-niche": q.niche },
      h("div", { class: "qk-niche-head" }, h("span", { class: "qk-niche-icon" }, NICHE[q.niche].icon), h("h3", {}, NICHE[q.niche].label),
        view.niche === q.niche ? h("span", { class: "qk-destiny-chip" }, "destiny") : null,
        counted.has(q.niche) ? h("span", { class: "chip gold" }, `counted ${counted.get(q.niche).total}`) : null),
      creature(q, q.niche, { owner: 0, each: clickTable })))),
    dock(view.is_over || ctx.replay ? null : actionBar(prompt, mine, controls, legal, send, ctx.sending),
      h("section", { class: "qk-me to-act", style: `--seat: ${seatColour(0)}` },
        h("div", { class: "head", "data-role": "score" }, h("b", {}, ctx.seat === 0 && !ctx.replay ? "Your hand" : `${seatName(ctx, 0)}'s hand`), h("span", { class: "faint small" }, `${handCards.length} cards`),
          h("span", { class: "chip" }, `${view.extinctions} of 3 extinctions`), h("span", { class: "chip" }, `${view.destiny.pool} destiny markers`)),
        h("div", { class: "qk-hand", "data-role": "hand", "data-revealed-hand": view.hand || !shown ? null : 0 }, handCards))),
    h("section", { class: "qk-stacks" }, h("div", { class: "qk-title" }, h("h3", {}, "Stacks")),
      h("div", { class: "qk-stack-row" }, STACK_ORDER.map((id) => {
        const st = view.stacks[id] || { cards: 0, discarded: [] };
        return h("div", { class: "qk-stack-pile", style: `--stack: ${STACK[id].colour}` }, h("b", {}, String(st.cards)), h("span", { class: "small" }, STACK[id].label),
          h("span", { class: "faint small" }, `${(st.discarded || []).length} out`));
      }))),
    h("section", { class: "qk-log" }, h("div", { class: "qk-title" }, h("h3", {}, "Latest")), recent(view.log, 5, ctx)),
  );
}

// ------------------------------------------------------------------ Quirkling
export function renderQuirkling(view, legalList, send, ctx) {
  useStyle("/css/quirks.css");
  facesOf(ctx.components);
  const ui = ctx.ui;
  const legal = readLegal(legalList);
  const mine = legalList.length > 0;
  const seat = ctx.seat;
  const asks = legal.of("ask");
  // "ask STACK" asks each player in turn (the turn's request); "ask SEAT STACK" one player (a refill)
  const everyone = asks.length > 0 && asks.every((a) => a.split(" ").length === 2);
  const askSeats = everyone ? [] : [...new Set(asks.map((a) => Number(a.split(" ")[1])))];
  if (ui.askSeat !== undefined && !askSeats.includes(ui.askSeat)) ui.askSeat = undefined;
  if (ui.askSeat === undefined && askSeats.length) ui.askSeat = askSeats[0];
  const make = selection(ui, "make", legal.of("make"));
  for (const a of legal.of("make")) legal.offer(a);
  const singles = {};
  for (const verb of ["give", "discard"]) for (const a of legal.of(verb)) singles[cardsOf(a)[0]] = a;
  const clickHand = (card) => {
    const n = card.number;
    if (make.chosen.includes(n) || make.can.has(n)) return { playable: true, selected: make.chosen.includes(n), action: `select ${n}`, onclick: () => toggle(ui, "make", n, ctx) };
    if (singles[n]) {
      const a = legal.offer(singles[n]);
      return { playable: true, action: a, onclick: () => send(a) };
    }
    return {};
  };
  const controls = [];
  if (asks.length) {
    controls.push(h("span", { class: "muted small" }, everyone ? "Ask each player in turn" : "Ask"));
    if (!everyone) controls.push(h("span", { class: "qk-seg" }, askSeats.map((s2) => h("button", {
      class: `small${ui.askSeat === s2 ? " on" : ""}`, style: `--seat: ${seatColour(s2)}`, "data-ask-seat": s2,
      onclick: () => { ui.askSeat = s2; ui.asking = null; ctx.rerender(); },
    }, seatName(ctx, s2)))));
    controls.push(h("span", { class: "muted small" }, "for a card of"));
    // a player and a stack: two choices, shown whole and sent once confirmed
    if (ui.asking && !legal.has(ui.asking)) ui.asking = null;
    for (const id of STACK_ORDER) {
      const a = everyone ? `ask ${id}` : `ask ${ui.askSeat} ${id}`;
      const pick = everyone ? () => send(a) : () => { ui.asking = a; ctx.rerender(); };
      if (legal.has(a)) controls.push(h("button", { class: `small qk-stack-btn${ui.asking === a ? " on" : ""}`, style: `--stack: ${STACK[id].colour}`, "data-action": a, onclick: pick }, STACK[id].label));
    }
    for (const a of asks) legal.offer(a);
    if (ui.asking) {
      const chosen = ui.asking;
      const [, who, stack] = chosen.split(" ");
      controls.push(confirmBar({
        what: `Ask ${seatName(ctx, Number(who))} for a card of ${STACK[stack].label}`, action: chosen,
        onConfirm: () => { ui.asking = null; sendInOrder(ctx, send, [chosen]); },
        onChange: () => { ui.asking = null; ctx.rerender(); },
      }));
    }
  }
  if (make.chosen.length) controls.push(selectionBar(make, "Make", "make the QUIRKLING", ui, "make", send, ctx));
  if (legal.has("none")) controls.push(actionButton(legal, "none", send, PLAIN.none));
  if (legal.has("draw stack")) controls.push(actionButton(legal, "draw stack", send, "Draw from the stack", "gold"));
  if (legal.has("draw discard")) controls.push(actionButton(legal, "draw discard", send, "Take the discard"));
  let prompt;
  if (view.is_over) prompt = `Game over: ${(view.winners || []).map((w) => seatName(ctx, w)).join(", ") || "nobody"} won`;
  else if (!mine) prompt = `Waiting for ${(view.to_act || []).map((w) => seatName(ctx, w)).join(" and ")}…`;
  else if (legal.verbs.give) prompt = `${seatName(ctx, view.current)} asks you for ${view.asked ? anOrA(STACK[view.asked.stack].label) : "a"} card: click one to give it`;
  else if (legal.verbs.none) prompt = `${seatName(ctx, view.current)} asks you for ${view.asked ? anOrA(STACK[view.asked.stack].label) : "a"} card: you have none`;
  else if (everyone) prompt = "Name the card you want: each player is asked in turn";
  else if (asks.length) prompt = "Ask a player for a card of a stack";
  else if (legal.verbs.draw) prompt = "Draw: from the stack or the discard pile";
  else if (legal.verbs.make && legal.verbs.discard) prompt = "Make a QUIRKLING from three cards of your hand, or click a card to discard";
  else if (legal.verbs.discard) prompt = "Click a card of your hand to discard it";
  else prompt = "Your turn";
  const hand = view.hand || [];
  const top = view.discard_top;
  const handCards = hand.map((card) => cardSvg(card, { size: "hand", ...clickHand(card) }));
  if (legal.has("draw stack")) legal.offer("draw stack");
  if (legal.has("draw discard") && top) legal.offer("draw discard");
  return h("div", { class: "qk qk-quirkling", "data-stage": view.stage },
    h("div", { class: "qk-status" },
      h("span", { class: "qk-stage" }, stageWords(view.stage)),
      h("span", { class: "muted small" }, turnLine(ctx, view)),
      view.asked ? h("span", { class: "chip" }, `asking ${seatName(ctx, view.asked.seat)} for ${STACK[view.asked.stack].label}`) : null,
      h("span", { class: "spacer" }), recent(view.log, 2, ctx)),
    climateTrack({ x_spaces: [], ...view.climate }, legal, send),
    h("div", { class: "qk-ling-players" }, view.players.map((p) => {
      const toAct = (view.to_act || []).includes(p.seat);
      const winner = (view.winners || []).includes(p.seat);
      return h("section", {
        class: `qk-player${toAct ? " to-act" : ""}${winner ? " winner" : ""}${askSeats.includes(p.seat) ? " askable" : ""}${ui.askSeat === p.seat && asks.length ? " selected" : ""}`,
        style: `--seat: ${seatColour(p.seat)}`, "data-seat": p.seat,
        onclick: askSeats.includes(p.seat) ? () => { ui.askSeat = p.seat; ui.asking = null; ctx.rerender(); } : null,
      },
      h("div", { class: "head" }, h("span", { class: "seat-dot", style: { background: seatColour(p.seat) } }), h("b", {}, seatName(ctx, p.seat)),
        p.seat === seat ? h("span", { class: "faint small" }, "you") : null,
        toAct ? h("span", { class: "qk-turn" }, "to act") : null, winner ? h("span", { class: "chip gold" }, "winner") : null),
      h("div", { class: "stats" }, h("span", { class: "qk-handsize" }, h("i", {}), `${p.hand_size} in hand`),
        h("span", { class: "chip" }, `${p.quirklings.length} QUIRKLING${p.quirklings.length === 1 ? "" : "S"}`)),
      h("div", { class: "qk-lings" }, p.quirklings.length ? p.quirklings.map((q) => creature(q, q.niche, { size: "mini", owner: p.seat }))
        : h("span", { class: "faint small" }, "none made yet")),
      revealedHand(p, ctx),
      );
    })),
    h("section", { class: "qk-piles" },
      h("div", { class: "qk-pile" }, cardBack(`stack: ${view.stack} cards`, {
        count: view.stack, playable: legal.has("draw stack"), action: legal.has("draw stack") ? "draw stack" : null,
        onclick: legal.has("draw stack") ? () => send("draw stack") : null,
      }), h("span", { class: "faint small" }, `stack · ${view.stack}`)),
      h("div", { class: "qk-pile" }, top ? cardSvg(top, {
        size: "hand", playable: legal.has("draw discard"), action: legal.has("draw discard") ? "draw discard" : null,
        onclick: legal.has("draw discard") ? () => send("draw discard") : null,
      }) : h("div", { class: "qk-empty-pile" }, "empty"), h("span", { class: "faint small" }, `discard · ${(view.discard_pile || []).length}`)),
      h("div", { class: "qk-pile-help muted small" }, "A QUIRKLING is a plant, herbivore or carnivore of three cards that all bear the code of the current climate."),
    ),
    dock(view.is_over || ctx.replay ? null : actionBar(prompt, mine, controls, legal, send, ctx.sending),
      seat !== null && seat !== undefined ? h("section", { class: `qk-me${(view.to_act || []).includes(seat) ? " to-act" : ""}`, style: `--seat: ${seatColour(seat)}` },
        h("div", { class: "head", "data-role": "score" }, h("span", { class: "seat-dot", style: { background: seatColour(seat) } }), h("b", {}, "Your hand"), h("span", { class: "faint small" }, `${hand.length} cards`),
          h("span", { class: "chip" }, `${((view.players.find((p) => p.seat === seat) || {}).quirklings || []).length} QUIRKLINGS made`)),
        h("div", { class: "qk-hand", "data-role": "hand" }, hand.length ? handCards : h("span", { class: "faint" }, "Your hand is empty."))) : null),
  );
}
