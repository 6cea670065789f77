// What Quirks, its solitaire game and Quirkling draw alike: the words for each step, the
// niches and stacks, the CHARACTER cards and the QUiRKS assembled from them (plants upright,
// animals lying down), and the action bar that makes every legal action something to click.
// Cards show what is printed on them: number, trait, name syllable, the food-chain symbol,
// and the climate codes only where the view holds them (your own cards). Adaptation values
// are never sent, so never drawn.

import { clickable, h, revealedOf, s, seatColour, seatName as boardName, useStyle } from "../util.js";
import { CLIMATE, CLIMATES } from "./quirks-climate.js";
import { confirmBar, sendInOrder } from "./confirm.js";
import { listed, withNames } from "../seat-words.js";

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

export function stageWords(stage) {
  return STAGE_WORDS[stage] || stage.replaceAll("-", " ");
}

export function turnLine(ctx, view) {
  return view.stage === "over" ? "the game is over" : `turn ${view.turns + 1} · ${seatName(ctx, view.current)} plays`;
}


const LETTER_COLOUR = Object.fromEntries(CLIMATES.map((c) => [CLIMATE[c].letter, CLIMATE[c].colour]));
export const NICHES = ["plant", "herbivore", "carnivore"];
export const NICHE = {
  plant: { label: "Plant", colour: "#3fa35f", icon: "✿" },
  herbivore: { label: "Herbivore", colour: "#d4a21f", icon: "◆" },
  carnivore: { label: "Carnivore", colour: "#d9503f", icon: "▲" },
};
// Each stack: its name on the cards, its colours, and the part of a creature its cards show
// as a child asks for it (the two heads told apart by their animal), as the log lines say it,
// and what that part is.
export const STACK = {
  "plant-a": { label: "Plant A", part: "flower", about: "the flower of a plant", colour: "#3fa35f", tint: "#e6f5e9", dark: "#1f5e33" },
  "plant-b": { label: "Plant B", part: "stem", about: "the stem of a plant", colour: "#3fa35f", tint: "#e6f5e9", dark: "#1f5e33" },
  "plant-c": { label: "Plant C", part: "root", about: "the root of a plant", colour: "#3fa35f", tint: "#e6f5e9", dark: "#1f5e33" },
  "herbivore-a": { label: "Herbivore A", part: "herbivore head", about: "the head of a herbivore", colour: "#d4a21f", tint: "#fbf1d2", dark: "#6f4f00" },
  "carnivore-a": { label: "Carnivore A", part: "carnivore head", about: "the head of a carnivore", colour: "#d9503f", tint: "#fbe2dd", dark: "#7d2216" },
  "animal-b": { label: "Animal B", part: "body", about: "the body of a herbivore or a carnivore", colour: "#5b7fc7", tint: "#e3eaf8", dark: "#253f78" },
  "animal-c": { label: "Animal C", part: "tail", about: "the tail of a herbivore or a carnivore", colour: "#8a67c9", tint: "#ece4f8", dark: "#452580" },
};
export const STACK_ORDER = Object.keys(STACK);

/** A card of a stack as Quirkling asks for it: "a flower (Plant A)", "a tail (Animal C)" (the
 *  game's log lines say it the same way). */
export function askedFor(stack) {
  const st = STACK[stack];
  return st ? `a ${st.part} (${st.label})` : `a ${stack} card`;
}
const INK = "#1b2336";
const SIZES = { hand: [96, 132], tile: [92, 66], mini: [44, 34] };
export const PLAIN = {
  redraw: "Draw another marker", mutate: "Mutate", compete: "Compete for the upper niche", pass: "Pass (give up the niche)",
  accept: "Accept the competition", "give-up": "Give up", fight: "Fight", "face-up": "Face up", "face-down": "Face down",
  concede: "Concede", hold: "Hold on", roll: "Roll the dice", table: "Use the table", continue: "Continue", end: "End the turn",
  challenge: "Challenge", decline: "Decline", stop: "Stop counting", none: "I have none",
};


// ------------------------------------------------------------------ the printed faces
let faces = null;
export function facesOf(components) {
  if (faces) return faces;
  const data = (components && components["cards.toml"]) || {};
  if (!data.card) return {}; // drawn without food-chain symbols until the faces arrive
  faces = {};
  for (const face of data.card) faces[face.number] = face;
  return faces;
}

/** A card in words, as its face names it: its trait ("Palm crown"); its number only until
 *  the faces have arrived. */
export function cardTitle(number) {
  const face = faces && faces[number];
  return face ? face.trait : number;
}

/** The colour of the food-chain symbol printed on a card, or null. */
export function foodOf(number) {
  const face = faces && faces[number];
  return face ? face.food : null;
}

export function seatName(ctx, seat) {
  return seat === null || seat === undefined ? "nobody" : boardName(ctx, seat);
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
/** What each of the three renderers does first: the stylesheet, the card faces, and what the
 * player may do now (``legal``, and ``mine``: whether the player is asked anything). */
export function begin(ctx, legalList) {
  useStyle("/css/quirks.css");
  facesOf(ctx.components);
  return { ui: ctx.ui, legal: readLegal(legalList), mine: legalList.length > 0 };
}

export function readLegal(legal) {
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

export function cardsOf(action) {
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
export function cardSvg(card, { size = "hand", owner, playable = false, selected = false, onclick = null, action = null, dim = false, fresh = false } = {}) {
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

export function cardBack(label, { small = false, count = null, onclick = null, playable = false, action = null } = {}) {
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
export function creature(quirks, niche, { owner, each = () => ({}), size = "tile", label = true, fresh = new Set() } = {}) {
  const plant = niche === "plant";
  const cards = quirks.cards || [];
  return h("div", { class: `qk-creature ${plant ? "plant" : "animal"} size-${size}`, "data-name": quirks.name || "" },
    label ? h("div", { class: "qk-name" },
      owner !== undefined && owner !== null ? h("span", { class: "seat-dot", style: { background: seatColour(owner) }, title: "identification marker" }) : null,
      h("b", {}, quirks.name || "—")) : null,
    h("div", { class: "qk-parts" }, cards.map((card) => cardSvg(card, { size, owner, fresh: fresh.has(card.number), ...each(card) }))),
  );
}

/** A player's hand as mini cards: shown when the view holds it (as at the end) or, in a
 * replay with everything revealed, from that seat's own view. */
export function revealedHand(p, ctx) {
  const hand = p.hand || revealedOf(ctx, p.seat);
  if (!hand) return null;
  return h("div", { class: "qk-revealed", "data-revealed-hand": p.seat, title: `${seatName(ctx, p.seat)}'s hand` },
    hand.map((card) => cardSvg(card, { size: "mini" })));
}

// ------------------------------------------------------------------ shared pieces
export function actionButton(legal, action, send, label, cls = "") {
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

export function actionBar(prompt, mine, controls, legal, send, sending = false) {
  if (sending) {
    return h("div", { class: "qk-actionbar waiting dock-scroll", "data-role": "actions" }, h("div", { class: "prompt" }, "Sending your choice…"));
  }
  return h("div", { class: `qk-actionbar ${mine ? "mine" : "waiting"} dock-scroll`, "data-role": "actions" },
    h("div", { class: "prompt" }, prompt),
    h("div", { class: "controls" }, controls, mine ? leftovers(legal, send) : null));
}

// The latest log lines, each seat by its player's name (the lines count seats from 0, as the
// engine does: "Seat 2 takes C19" is the third seat's move).
export function recent(log, n, ctx) {
  const items = (log || []).slice(-n);
  if (!items.length) return null;
  const names = Array.from({ length: 8 }, (_, seat) => seatName(ctx, seat));  // (six players at most)
  return h("ol", { class: "qk-recent" }, items.map((entry, i) => h("li", { class: i === items.length - 1 ? "newest" : "" }, withNames(entry.text || String(entry), names))));
}

/** Multi-card selection (place, make): cards stay selectable while some legal action holds
 *  the selection and them; a confirm button appears when the selection is an action. */
export function selection(ui, key, actions) {
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

export function toggle(ui, key, number, ctx) {
  const list = ui[key] || [];
  ui[key] = list.includes(number) ? list.filter((n) => n !== number) : [...list, number];
  ctx.rerender();
}

/** A mutation is chosen in two clicks (a card of a QUiRKS, then a hand card or "discard &
 *  draw") and sent once confirmed: the controls for each step. */
export function mutationControls(ui, legal, exchanges, send, ctx) {
  if (!ui.mutate) return [];
  const drawn = `mutate ${ui.mutate}`;
  if (ui.mutation && !legal.has(ui.mutation)) ui.mutation = null;
  if (ui.mutation) {
    const chosen = ui.mutation;
    const card = chosen.split(" ")[3];
    legal.offer(chosen);
    return [confirmBar({
      what: card ? `Mutate ${cardTitle(ui.mutate)}: exchange it for ${cardTitle(card)} from your hand`
        : `Mutate ${cardTitle(ui.mutate)}: discard it and draw its replacement`,
      action: chosen,
      onConfirm: () => { ui.mutate = null; ui.mutation = null; sendInOrder(ctx, send, [chosen]); },
      onChange: () => { ui.mutation = null; ctx.rerender(); },
    })];
  }
  const controls = [h("span", { class: "muted small" }, `Mutate ${cardTitle(ui.mutate)}:`)];
  if (legal.has(drawn)) {
    legal.offer(drawn);
    controls.push(h("button", { class: "gold", "data-action": drawn, title: drawn, onclick: () => { ui.mutation = drawn; ctx.rerender(); } }, "Discard & draw"));
  }
  if (exchanges.size) controls.push(h("span", { class: "muted small" }, "or click a glowing hand card to exchange"));
  controls.push(h("button", { class: "ghost small", onclick: () => { ui.mutate = null; ctx.rerender(); } }, "Cancel"));
  return controls;
}

/** The prompt while a mutation is chosen (null before its first click): the step the controls
 *  beside it are at. ``after`` says what follows the mutation ("your turn then ends"). */
export function mutationPrompt(ui, legal, exchanges, after = "") {
  if (!ui.mutate) return null;
  const card = cardTitle(ui.mutate);
  if (ui.mutation) return `Check the mutation of ${card} and confirm it${after ? `: ${after}` : ""}`;
  const ways = [];
  if (legal.has(`mutate ${ui.mutate}`)) ways.push("discard it and draw its replacement");
  if (exchanges.size) ways.push("click a glowing card of your hand to put in its place");
  return `Mutate ${card}: ${[...ways, "cancel"].join(", or ")}`;
}

/** Cards chosen from the hand (place, make): what they would make, confirmed once. */
export function selectionBar(picked, verb, label, ui, key, send, ctx) {
  return confirmBar({
    what: `${verb} ${listed(picked.chosen.map(cardTitle))}`, ready: Boolean(picked.exact), missing: "choose another card",
    detail: label, action: picked.exact || undefined, confirmLabel: picked.exact && picked.chosen.length === 3 ? `Confirm: ${label}` : "Confirm",
    onConfirm: () => { ui[key] = []; sendInOrder(ctx, send, [picked.exact]); },
    onChange: () => { ui[key] = []; ctx.rerender(); },
  });
}

// ------------------------------------------------------------------ the hand
/** ``run`` once ``node`` is on the page and the game's stylesheet is in (before, nothing has
 *  its size yet); never for a node a newer drawing replaced first. */
function afterLayout(node, run, tries = 120) {
  requestAnimationFrame(() => {
    const ready = node.isConnected && !("styling" in document.documentElement.dataset);
    if (ready) run();
    else if (tries > 0) afterLayout(node, run, tries - 1);
  });
}

/** How many cards of ``row`` lie out of sight on each side, playable ones apart. */
function hidden(row) {
  const box = row.getBoundingClientRect();
  const out = { left: 0, right: 0, playableLeft: 0, playableRight: 0 };
  for (const card of row.querySelectorAll(".qk-card")) {
    const at = card.getBoundingClientRect();
    const side = at.left < box.left - 1 ? "left" : at.right > box.right + 1 ? "right" : null;
    if (!side) continue;
    out[side] += 1;
    if (card.classList.contains("playable")) out[side === "left" ? "playableLeft" : "playableRight"] += 1;
  }
  return out;
}

function scrollWords(row) {
  const out = hidden(row);
  if (!out.left && !out.right) return "";
  const words = [];
  if (out.left) words.push(`← ${out.left} more`);
  if (out.right) words.push(`${out.right} more →`);
  const playable = out.playableLeft + out.playableRight;
  const glowing = playable ? ` (${playable} to play ${out.playableRight ? "→" : "←"})` : "";
  return `scroll: ${words.join(" · ")}${glowing}`;
}

/** The hand as a row of cards, and a hint for the hand's head. On a phone the row scrolls
 *  sideways: the hint says how many cards are out of sight on each side (the playable ones
 *  too), and when the cards to play change, the first of them is scrolled into the row's sight
 *  (sideways only: the page does not move); otherwise the row stays where the player left it,
 *  drawing after drawing. */
export function handRow(ctx, cards, empty = "Your hand is empty.") {
  const ui = ctx.ui || {};
  const hint = h("span", { class: "qk-scroll-hint", "data-role": "hand-hint", hidden: true });
  const row = h("div", { class: "qk-hand", "data-role": "hand" }, cards.length ? cards : h("span", { class: "faint" }, empty));
  const show = () => {
    const words = scrollWords(row);
    hint.textContent = words;
    hint.hidden = !words;
  };
  row.addEventListener("scroll", () => { ui.handScroll = row.scrollLeft; show(); }, { passive: true });
  afterLayout(row, () => {
    const playable = [...row.querySelectorAll(".qk-card.playable")];
    const key = playable.map((card) => card.dataset.card).join(" ");
    row.scrollLeft = ui.handScroll || 0;
    if (key !== ui.handPlayable) {
      ui.handPlayable = key;
      const box = row.getBoundingClientRect();
      const seen = playable.some((card) => {
        const at = card.getBoundingClientRect();
        return at.left >= box.left - 1 && at.right <= box.right + 1;
      });
      if (playable.length && !seen) {
        const at = playable[0].getBoundingClientRect();
        row.scrollLeft += at.left - box.left - 8;
      }
    }
    ui.handScroll = row.scrollLeft;
    show();
  });
  return { row, hint };
}

/** The bottom of the board that stays in sight: the action bar and the hand. */
export function dock(bar, me) {
  return h("div", { class: "dock qk-dock", "data-role": "dock" }, bar, me);
}
