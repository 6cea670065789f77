// Quirky Quarks' cards drawn as SVG from the game's catalogue (components/cards.toml):
// particles, Quests with their cost and power, and the decks' backs.

import { clickable, h, s } from "../util.js";

const FAMILY_OF = {
  up: "quark", down: "quark", "anti-up": "antiquark", "anti-down": "antiquark",
  electron: "lepton", positron: "lepton", neutrino: "lepton", gluon: "boson", photon: "boson",
};
const FAMILY = {
  quark: { label: "Quark", colour: "#e4572e", tint: "#fde4d9", dark: "#8c2a10" },
  antiquark: { label: "Antiquark", colour: "#8e5bd8", tint: "#eee3fb", dark: "#4f2590" },
  lepton: { label: "Lepton", colour: "#119d90", tint: "#d6f3ef", dark: "#0a5a52" },
  boson: { label: "Boson", colour: "#d99a00", tint: "#fdf0c8", dark: "#734f00" },
};
const QUEST_DECK = { I: { label: "QUEST I", colour: "#8d9ab3", band: "#c9d1e0" }, II: { label: "QUEST II", colour: "#c8961f", band: "#f0cf6e" } };
const INK = "#1b2336";
const CARD_SIZES = { hand: [112, 166], small: [70, 98], mini: [46, 64] };

let catalogue = null;
export function cards(components) {
  if (catalogue) return catalogue;
  const data = (components && components["cards.toml"]) || { particle: [], quest: [], accelerator: [] };
  const byId = {};
  const order = [];
  for (const p of data.particle || []) {
    byId[p.id] = { ...p, quest: false, family: FAMILY_OF[p.id] || (p.antimatter ? "antiquark" : "lepton") };
    order.push(p.id);
  }
  for (const q of data.quest || []) {
    byId[q.id] = { ...q, quest: true };
    order.push(q.id);
  }
  const accelerators = {};
  for (const a of data.accelerator || []) accelerators[a.id] = a;
  catalogue = { byId, order, accelerators };
  return catalogue;
}

export function cardInfo(id) {
  return (catalogue && catalogue.byId[id]) || { id, name: id, symbol: id.slice(0, 2), quest: false, family: "lepton" };
}

export function nameOf(id) {
  return cardInfo(id).name;
}

function wrap(text, width) {
  const words = String(text).split(/\s+/);
  const lines = [];
  let line = "";
  for (const word of words) {
    if (line && (line + " " + word).length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

function costIcon(id, x, y, r) {
  const info = cardInfo(id);
  if (info.quest) {
    return s("g", {},
      s("rect", { x: x - r, y: y - r, width: 2 * r, height: 2 * r, rx: r * 0.35, fill: INK }),
      s("text", { x, y: y + r * 0.42, "text-anchor": "middle", "font-size": r * 1.15, "font-weight": 700, fill: "#f4c553" }, info.symbol),
    );
  }
  const family = FAMILY[info.family];
  return s("g", {},
    s("circle", { cx: x, cy: y, r, fill: family.colour }),
    s("text", { x, y: y + r * 0.4, "text-anchor": "middle", "font-size": r * 1.1, "font-weight": 700, fill: "#fff" }, info.symbol),
  );
}

export function tooltip(info) {
  const lines = [info.name];
  if (info.quest) {
    lines.push(`Quest ${info.deck} · ${info.points} points`);
    lines.push(`Cost: ${(info.cost || []).map(nameOf).join(", ")}`);
    if (info.power) lines.push(`Power (${info.power.phase}): ${info.power.text}`);
  } else {
    lines.push(FAMILY[info.family].label + (info.antimatter ? " · antimatter" : ""));
  }
  if (info.fact) lines.push("", info.fact);
  return lines.join("\n");
}

/** One card as SVG. size: hand | small | mini. */
export function card(id, { size = "small", count = 1, playable = false, selected = false, onclick = null, label = null } = {}) {
  const info = cardInfo(id);
  const [W, H] = CARD_SIZES[size];
  const big = size === "hand";
  const classes = ["qq-card", info.quest ? "quest" : "particle", `size-${size}`];
  if (playable) classes.push("playable");
  if (selected) classes.push("selected");
  const svg = s("svg", {
    class: classes.join(" "), width: W, height: H, viewBox: `0 0 ${W} ${H}`, role: onclick ? "button" : "img",
    "aria-label": label || info.name, "data-card": id, tabindex: onclick ? 0 : undefined,
  });
  svg.append(s("title", {}, tooltip(info)));
  if (info.quest) drawQuest(svg, info, W, H, big);
  else drawParticle(svg, info, W, H, big, size);
  if (onclick) clickable(svg, onclick);
  if (count > 1) {
    // several cards of a kind: a pile, with its count
    return h("span", { class: `qq-stack size-${size}`, title: `${count} × ${info.name}` }, svg, h("span", { class: "qq-count" }, `×${count}`));
  }
  return svg;
}

function drawParticle(svg, info, W, H, big, size) {
  const family = FAMILY[info.family];
  const band = H * 0.15;
  svg.append(
    s("rect", { x: 1, y: 1, width: W - 2, height: H - 2, rx: W * 0.09, fill: "#fbf8f2", stroke: family.colour, "stroke-width": 2 }),
    s("path", { d: `M1 ${band} V${W * 0.09 + 1} Q1 1 ${W * 0.09 + 1} 1 H${W - W * 0.09 - 1} Q${W - 1} 1 ${W - 1} ${W * 0.09 + 1} V${band} Z`, fill: family.colour }),
  );
  if (size !== "mini") {
    svg.append(s("text", { x: W / 2, y: band * 0.7, "text-anchor": "middle", "font-size": band * 0.55, "font-weight": 700, fill: "#fff", "letter-spacing": 1 }, family.label.toUpperCase()));
  }
  const cy = size === "mini" ? H * 0.55 : H * 0.44;
  const r = W * (size === "mini" ? 0.33 : 0.28);
  svg.append(
    s("circle", { cx: W / 2, cy, r, fill: family.tint, stroke: family.colour, "stroke-width": 1.5 }),
    s("text", { x: W / 2, y: cy + r * 0.36, "text-anchor": "middle", "font-size": r * (info.symbol.length > 2 ? 0.75 : 1.05), "font-weight": 700, fill: family.dark }, info.symbol),
  );
  if (size === "mini") return;
  if (info.antimatter || info.id === "neutrino") {
    const y = H * 0.655;
    svg.append(
      s("rect", { x: 1, y, width: W - 2, height: H * 0.085, fill: "#f28c28" }),
      s("text", { x: W / 2, y: y + H * 0.062, "text-anchor": "middle", "font-size": H * 0.055, "font-weight": 700, fill: "#fff", "letter-spacing": .5 },
        info.id === "neutrino" ? (big ? "DRAW 2, DISCARD 1" : "DRAW 2") : "ANTIMATTER"),
    );
  }
  const lines = wrap(info.name, big ? 14 : 11);
  const fontSize = big ? 12 : 9;
  const top = H - 8 - (lines.length - 1) * fontSize * 1.1;
  if (big && info.fact) {
    // the science fact, as on the printed card (it does not affect play)
    const strip = info.antimatter || info.id === "neutrino";
    const first = strip ? H * 0.655 + H * 0.085 + 9 : H * 0.44 + W * 0.28 + 11;
    const room = Math.floor((top - fontSize - 3 - first) / 8) + 1;
    if (room > 0) factLines(svg, info.fact, W, first, room);
  }
  lines.forEach((line, i) => svg.append(
    s("text", { x: W / 2, y: top + i * fontSize * 1.1, "text-anchor": "middle", "font-size": fontSize, "font-weight": 600, fill: INK }, line)));
}

function drawQuest(svg, info, W, H, big) {
  const deck = QUEST_DECK[info.deck] || QUEST_DECK.I;
  const band = H * 0.14;
  svg.append(
    s("rect", { x: 1, y: 1, width: W - 2, height: H - 2, rx: W * 0.09, fill: "#fffaf0", stroke: deck.colour, "stroke-width": 2 }),
    s("path", { d: `M1 ${band} V${W * 0.09 + 1} Q1 1 ${W * 0.09 + 1} 1 H${W - W * 0.09 - 1} Q${W - 1} 1 ${W - 1} ${W * 0.09 + 1} V${band} Z`, fill: deck.band }),
  );
  if (W > 50) {
    svg.append(s("text", { x: 7, y: band * 0.7, "font-size": band * 0.5, "font-weight": 700, fill: INK, "letter-spacing": .8 }, deck.label));
  }
  const pr = W * (W > 50 ? 0.13 : 0.16);
  svg.append(
    s("circle", { cx: W - pr - 3, cy: pr + 3, r: pr, fill: INK, stroke: deck.colour, "stroke-width": 1.5 }),
    s("text", { x: W - pr - 3, y: pr + 3 + pr * 0.4, "text-anchor": "middle", "font-size": pr * 1.05, "font-weight": 800, fill: "#f4c553" }, String(info.points)),
  );
  if (W <= 50) {
    svg.append(s("text", { x: W / 2, y: H * 0.68, "text-anchor": "middle", "font-size": W * (info.symbol.length > 2 ? 0.26 : 0.36), "font-weight": 700, fill: INK }, info.symbol));
    return;
  }
  const symbolY = H * (big ? 0.29 : 0.36);
  svg.append(s("text", { x: W / 2, y: symbolY, "text-anchor": "middle", "font-size": W * (info.symbol.length > 2 ? 0.17 : 0.22), "font-weight": 700, fill: INK }, info.symbol));
  const nameLines = wrap(info.name, big ? 15 : 11).slice(0, 2);
  const nameSize = big ? 11 : 8.5;
  nameLines.forEach((line, i) => svg.append(
    s("text", { x: W / 2, y: symbolY + nameSize * 1.4 + i * nameSize * 1.1, "text-anchor": "middle", "font-size": nameSize, "font-weight": 650, fill: INK }, line)));
  // the cost, as the card shows it: one icon a needed card
  const cost = info.cost || [];
  const r = big ? 7.5 : 6;
  const gap = 3;
  const perRow = Math.floor((W - 10) / (2 * r + gap));
  const costTop = symbolY + nameSize * 1.4 + (nameLines.length - 1) * nameSize * 1.1 + r + 6;
  cost.forEach((id, i) => {
    const row = Math.floor(i / perRow);
    const inRow = Math.min(perRow, cost.length - row * perRow);
    const rowWidth = inRow * (2 * r + gap) - gap;
    const x = (W - rowWidth) / 2 + r + (i % perRow) * (2 * r + gap);
    svg.append(costIcon(id, x, costTop + row * (2 * r + gap), r));
  });
  const costBottom = costTop + (Math.ceil(cost.length / perRow) - 1) * (2 * r + gap) + r;
  if (!info.power && big && info.fact) {
    factLines(svg, info.fact, W, costBottom + 14, Math.floor((H - 8 - costBottom - 14) / 8) + 1);
  }
  if (info.power) {
    if (big) {
      const top = Math.max(H * 0.64, costBottom + 5);
      const most = Math.max(1, Math.floor((H - 9 - (top + 21)) / 7.8) + 1);
      let lines = wrap(info.power.text, 27);
      if (lines.length > most) {
        lines = lines.slice(0, most);
        lines[most - 1] = `${lines[most - 1].replace(/[.,;:]?$/, "")}…`;
      }
      svg.append(
        s("rect", { x: 5, y: top, width: W - 10, height: H - top - 6, rx: 5, fill: "#eef1f8", stroke: "#c9d1e0" }),
        s("rect", { x: 9, y: top + 3.5, width: 13, height: 11, rx: 3, fill: INK }),
        s("text", { x: 15.5, y: top + 12, "text-anchor": "middle", "font-size": 8.5, "font-weight": 800, fill: "#f4c553" }, phaseBadge(info.power.phase)),
        s("text", { x: 26, y: top + 12, "font-size": 7, "font-weight": 700, fill: "#56607a", "letter-spacing": .4 }, phaseName(info.power.phase)),
      );
      lines.forEach((line, i) => svg.append(
        s("text", { x: 9, y: top + 22 + i * 7.8, "font-size": 6.9, fill: INK }, line)));
    } else {
      svg.append(
        s("rect", { x: 5, y: H - 17, width: 14, height: 12, rx: 3, fill: INK }),
        s("text", { x: 12, y: H - 8, "text-anchor": "middle", "font-size": 8.5, "font-weight": 800, fill: "#f4c553" }, phaseBadge(info.power.phase)),
      );
    }
  }
}

function factLines(svg, fact, W, top, most) {
  let lines = wrap(fact, 27);
  if (lines.length > most) {
    lines = lines.slice(0, most);
    lines[most - 1] = `${lines[most - 1].replace(/[.,;:]?$/, "")}…`;
  }
  lines.forEach((line, i) => svg.append(
    s("text", { x: W / 2, y: top + i * 8, "text-anchor": "middle", "font-size": 6.6, "font-style": "italic", fill: "#6a7288" }, line)));
}

function phaseName(phase) {
  return { F: "FUNDING", R: "RESEARCH", E: "EJECTION", D: "DISCOVERY", Q: "QUEST", now: "WHEN COMPLETED", end: "FINAL SCORING" }[phase] || "";
}

function phaseBadge(phase) {
  return { now: "!", end: "★" }[phase] || phase;
}

export function cardBack(label, count, { playable = false, onclick = null, deck = "particle" } = {}) {
  const W = 78;
  const H = 108;
  const colours = { particle: ["#2b3a6b", "#4d67b8"], "quest-i": ["#3b4458", "#8d9ab3"], "quest-ii": ["#4a3a12", "#c8961f"] }[deck];
  const svg = s("svg", {
    class: `qq-card back${playable ? " playable" : ""}`, width: W, height: H, viewBox: `0 0 ${W} ${H}`,
    role: onclick ? "button" : "img", "aria-label": `${label} deck, ${count} cards`, "data-deck": deck, tabindex: onclick ? 0 : undefined,
  },
  s("rect", { x: 1, y: 1, width: W - 2, height: H - 2, rx: 8, fill: colours[0], stroke: colours[1], "stroke-width": 2 }),
  s("circle", { cx: W / 2, cy: H * 0.42, r: 20, fill: "none", stroke: colours[1], "stroke-width": 2 }),
  s("circle", { cx: W / 2, cy: H * 0.42, r: 9, fill: colours[1] }),
  s("ellipse", { cx: W / 2, cy: H * 0.42, rx: 28, ry: 9, fill: "none", stroke: colours[1], "stroke-width": 1.3, transform: `rotate(30 ${W / 2} ${H * 0.42})` }),
  s("ellipse", { cx: W / 2, cy: H * 0.42, rx: 28, ry: 9, fill: "none", stroke: colours[1], "stroke-width": 1.3, transform: `rotate(-30 ${W / 2} ${H * 0.42})` }),
  s("text", { x: W / 2, y: H * 0.78, "text-anchor": "middle", "font-size": 11, "font-weight": 700, fill: "#fff" }, label),
  s("text", { x: W / 2, y: H * 0.91, "text-anchor": "middle", "font-size": 10, fill: "#d4dcf0" }, `${count} cards`),
  );
  if (onclick) {
    svg.addEventListener("click", onclick);
    svg.addEventListener("keydown", (event) => {
      if (event.key === "Enter") onclick(event);
    });
  }
  return svg;
}

/** The catalogue's order of card ids (the hand is shown in it), once loaded. */
export function cardOrder() {
  return catalogue ? catalogue.order : null;
}
