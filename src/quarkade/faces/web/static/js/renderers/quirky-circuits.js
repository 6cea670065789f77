// Quirky Circuits: the scenario's board with the robot, the queue of command cards, your
// hand, the battery track and the three signals — the only things players may tell each
// other, so there is no text box anywhere. Each Execute phase is replayed from the view's
// execution record, step by step, with a control to skip it.

import { h, revealedOf, s, seatColour, seatName, useStyle } from "../util.js";
import { confirmBar, sendInOrder } from "./confirm.js";
import { cardName, commandCard, isQuirk, kindOf, KINDS } from "./quirky-circuits-cards.js";

const C = 64; // a space, in board units
const M = 18; // the margin around the board (tunnel mouths stand in it)
const DIRS = { north: [0, -1], east: [1, 0], south: [0, 1], west: [-1, 0] };
const ANGLE = { north: 0, east: 90, south: 180, west: 270 };
const TURN = { left: -90, right: 90, around: 180 };
const ROBOTS = {
  gizmo: { name: "Gizmo", body: "#27a18d", dark: "#115e52", light: "#8ee3d3", goal: "Clean up every dust bunny, then bring Gizmo home." },
  penny: { name: "Penny", body: "#e0609a", dark: "#8c2358", light: "#ffc2dc", goal: "Collect every flag, then bring Penny home." },
};
const TOKEN_NAMES = { "dust-bunny": "dust bunny", flag: "flag", "flower-pot": "flower pot", "shattered-pot": "shattered flower pot" };
const TUNNEL_COLOURS = ["#7b5cd6", "#d9822b", "#2a9d8f", "#c2412d"];
const PACE = { reveal: 650, move: 300, slide: 230, tunnel: 420, collide: 300, halt: 200, rotate: 380, collect: 320, fall: 520, goal: 900 };


const at = (space) => `${space[0]},${space[1]}`;
// the deck is a count, or {cards, layers} where the view tells what is known of its order
const deckSize = (view) => (typeof view.deck === "number" ? view.deck : (view.deck && view.deck.cards) || 0);
// the back the deck's top card shows ("move" or "turn"), when the view says it
const deckTop = (view) => (view.deck && typeof view.deck === "object" ? view.deck.top : null);

/** A hand as the table sees it: each card's back, move or turn (Communicating: the backs of
 *  the cards convey some information). */
function handBacks(player) {
  const backs = player.backs || { move: player.hand_size, turn: 0 };
  const said = player.backs ? `${player.hand_size} cards in hand: ${backs.move} move, ${backs.turn} turn` : `${player.hand_size} cards in hand`;
  const marks = [...Array.from({ length: backs.move }, () => "move"), ...Array.from({ length: backs.turn }, () => "turn")];
  return h("span", { class: "qc-backs", title: said, "aria-label": said, role: "img" },
    marks.map((back) => h("i", { class: player.backs ? back : "", "data-back": player.backs ? back : null }, player.backs ? (back === "move" ? "↑" : "↻") : null)),
    h("small", {}, player.backs ? `${backs.move}↑ ${backs.turn}↻` : String(player.hand_size)));
}
// what the goal still needs: a whole flower pot on its obstacle need not be knocked down
const toClean = (tokens) => tokens.filter((t) => t.token !== "flower-pot").length;
const centre = (space) => [M + space[0] * C + C / 2, M + space[1] * C + C / 2];
// The bands above and left of the board for its column and row labels (outside the margin,
// where tunnel mouths stand), counted as the log's words count: "the sixth row from the top".
const LABEL_TOP = 18;
const LABEL_LEFT = 34;
const ordinal = (n) => `${n}${n % 100 >= 11 && n % 100 <= 13 ? "th" : ({ 1: "st", 2: "nd", 3: "rd" })[n % 10] || "th"}`;

// ------------------------------------------------------------------ the board
function tokenShape(token) {
  if (token === "dust-bunny") {
    return s("g", { class: "qc-bunny" },
      s("circle", { cx: 0, cy: 2, r: 13, fill: "#9aa0ad", stroke: "#6b7080", "stroke-width": 1.5, "stroke-dasharray": "2.5 2" }),
      s("circle", { cx: -8, cy: -9, r: 5, fill: "#9aa0ad" }), s("circle", { cx: 8, cy: -9, r: 5, fill: "#9aa0ad" }),
      s("circle", { cx: -4.5, cy: 0, r: 2.2, fill: "#1d2030" }), s("circle", { cx: 4.5, cy: 0, r: 2.2, fill: "#1d2030" }),
      s("path", { d: "M-3 6 Q0 8.5 3 6", stroke: "#1d2030", "stroke-width": 1.4, fill: "none" }));
  }
  if (token === "flag") {
    return s("g", { class: "qc-flag" },
      s("ellipse", { cx: 0, cy: 15, rx: 10, ry: 3, fill: "rgba(0,0,0,.18)" }),
      s("line", { x1: -7, y1: 15, x2: -7, y2: -16, stroke: "#4a3b2a", "stroke-width": 3, "stroke-linecap": "round" }),
      s("path", { d: "M-6 -16 L14 -9 L-6 -2 Z", fill: "#e5484d", stroke: "#a3262a", "stroke-width": 1.2 }));
  }
  if (token === "flower-pot") {
    return s("g", { class: "qc-pot" },
      s("path", { d: "M0 -4 C-4 -12 -12 -14 -14 -8 C-9 -8 -4 -6 0 -4 Z M0 -4 C4 -13 12 -15 14 -9 C9 -9 4 -6 0 -4 Z", fill: "#3f9b4b" }),
      s("line", { x1: 0, y1: -4, x2: 0, y2: -15, stroke: "#2f7a39", "stroke-width": 2.5 }),
      s("circle", { cx: 0, cy: -17, r: 4.5, fill: "#ff7eb6" }),
      s("path", { d: "M-11 -3 H11 L8 15 H-8 Z", fill: "#c8643b", stroke: "#8a3d1e", "stroke-width": 1.5 }),
      s("rect", { x: -13, y: -5, width: 26, height: 5, rx: 1.5, fill: "#d9774d", stroke: "#8a3d1e", "stroke-width": 1.2 }));
  }
  return s("g", { class: "qc-shards" },
    s("path", { d: "M-13 8 L-5 -2 L-2 10 Z", fill: "#c8643b", stroke: "#8a3d1e", "stroke-width": 1.2 }),
    s("path", { d: "M1 -9 L11 -4 L5 4 Z", fill: "#d9774d", stroke: "#8a3d1e", "stroke-width": 1.2 }),
    s("path", { d: "M3 8 L13 6 L9 14 Z", fill: "#c8643b", stroke: "#8a3d1e", "stroke-width": 1.2 }),
    s("circle", { cx: -8, cy: -8, r: 3, fill: "#6b4a2f" }),
    s("path", { d: "M-6 -6 C-2 -13 4 -14 6 -12", stroke: "#3f9b4b", "stroke-width": 2.5, fill: "none" }));
}

function robotShape(robot) {
  const r = ROBOTS[robot] || ROBOTS.gizmo;
  return s("g", { class: "qc-robot-body" },
    s("ellipse", { cx: 0, cy: 4, rx: 23, ry: 22, fill: "rgba(0,0,0,.22)" }),
    s("circle", { cx: 0, cy: 0, r: 22, fill: r.body, stroke: r.dark, "stroke-width": 3 }),
    s("path", { d: "M-17 -13 A22 22 0 0 1 17 -13", stroke: r.light, "stroke-width": 5, fill: "none", "stroke-linecap": "round" }),
    s("circle", { cx: -7.5, cy: -7, r: 5.2, fill: "#fff" }), s("circle", { cx: 7.5, cy: -7, r: 5.2, fill: "#fff" }),
    s("circle", { cx: -7.5, cy: -8.5, r: 2.6, fill: "#10131f" }), s("circle", { cx: 7.5, cy: -8.5, r: 2.6, fill: "#10131f" }),
    s("path", { d: "M0 -31 L10 -21 H-10 Z", fill: "#ffd166", stroke: r.dark, "stroke-width": 2, "stroke-linejoin": "round" }),
    robot === "penny"
      ? s("path", { d: "M-13 12 H13", stroke: r.dark, "stroke-width": 4, "stroke-linecap": "round" })
      : s("g", {}, s("line", { x1: 0, y1: 6, x2: 0, y2: 14, stroke: r.dark, "stroke-width": 3 }), s("circle", { cx: 0, cy: 15, r: 3.5, fill: "#ffd166", stroke: r.dark, "stroke-width": 1.5 })),
  );
}

function staticBoard(view) {
  const b = view.board;
  const W = b.width * C + 2 * M;
  const H = b.height * C + 2 * M;
  const g = [];
  g.push(s("rect", { x: M - 6, y: M - 6, width: b.width * C + 12, height: b.height * C + 12, rx: 12, fill: "#2b2d42" }));
  for (let y = 0; y < b.height; y += 1) {
    for (let x = 0; x < b.width; x += 1) {
      g.push(s("rect", { class: "qc-space", "data-space": `${x},${y}`, x: M + x * C, y: M + y * C, width: C, height: C, fill: (x + y) % 2 ? "#f3ead8" : "#f8f1e2", stroke: "#e0d3b8", "stroke-width": 1 }));
    }
  }
  // the start space: a charging dock with the start arrow
  const [sx, sy] = centre(b.start);
  g.push(s("g", { class: "qc-start", transform: `translate(${sx} ${sy})` },
    s("rect", { x: -C / 2 + 5, y: -C / 2 + 5, width: C - 10, height: C - 10, rx: 10, fill: "#dff5e6", stroke: "#3fbf6f", "stroke-width": 3, "stroke-dasharray": "7 4" }),
    s("path", { d: "M-3 -16 L-8 -2 H-1 L-4 12 L7 -5 H0 L4 -16 Z", fill: "#3fbf6f", opacity: 0.55 }),
    s("title", {}, "The start space: the robot must come back here")));
  for (const [x, y] of b.obstacles) {
    g.push(s("g", { class: "qc-obstacle" },
      s("rect", { x: M + x * C + 4, y: M + y * C + 4, width: C - 8, height: C - 8, rx: 8, fill: "#b98a5a", stroke: "#f2c14e", "stroke-width": 4 }),
      s("path", { d: `M${M + x * C + 10} ${M + y * C + 22} H${M + x * C + C - 10} M${M + x * C + 10} ${M + y * C + 42} H${M + x * C + C - 10}`, stroke: "#9c7148", "stroke-width": 2 }),
      s("title", {}, "An obstacle: the robot cannot go through it")));
  }
  for (const [x, y] of b.chairs) {
    const [cx, cy] = centre([x, y]);
    g.push(s("g", { class: "qc-chair" },
      s("rect", { x: cx - C / 2 + 4, y: cy - C / 2 + 4, width: C - 8, height: C - 8, rx: 8, fill: "#e3efff", stroke: "#3a7bd5", "stroke-width": 3, "stroke-dasharray": "6 4" }),
      s("path", { d: `M${cx - 11} ${cy + 16} V${cy - 14} M${cx + 11} ${cy + 16} V${cy + 2} M${cx - 11} ${cy + 2} H${cx + 13}`, stroke: "#3a7bd5", "stroke-width": 4, "stroke-linecap": "round", fill: "none" }),
      s("title", {}, "A chair: Gizmo moving into it halts and turns left")));
  }
  for (const [x, y] of b.snowdrifts) {
    const [cx, cy] = centre([x, y]);
    g.push(s("g", { class: "qc-drift" },
      s("rect", { x: cx - C / 2 + 4, y: cy - C / 2 + 4, width: C - 8, height: C - 8, rx: 8, fill: "#eef7ff", stroke: "#4aa3df", "stroke-width": 3, "stroke-dasharray": "6 4" }),
      s("path", { d: `M${cx - 24} ${cy + 18} Q${cx - 14} ${cy + 2} ${cx - 4} ${cy + 12} Q${cx + 6} ${cy - 4} ${cx + 24} ${cy + 18} Z`, fill: "#fff", stroke: "#b7d7f0", "stroke-width": 2 }),
      s("title", {}, "A snowdrift: Penny sliding into it halts")));
  }
  // slopes: a dashed yellow edge with its arrow across it
  for (const slope of b.slopes) {
    const [[x, y], [x2]] = slope.between;
    const vertical = x2 !== x;
    const ex = M + (vertical ? (x + 1) * C : x * C);
    const ey = M + (vertical ? y * C : (y + 1) * C);
    const [dx, dy] = DIRS[slope.arrow];
    const mx = vertical ? ex : ex + C / 2;
    const my = vertical ? ey + C / 2 : ey;
    g.push(s("g", { class: "qc-slope" },
      s("line", { x1: ex, y1: ey, x2: vertical ? ex : ex + C, y2: vertical ? ey + C : ey, stroke: "#f2a900", "stroke-width": 5, "stroke-dasharray": "8 5" }),
      s("path", { d: `M${mx - dx * 12 - dy * 9} ${my - dy * 12 - dx * 9} L${mx + dx * 12} ${my + dy * 12} L${mx - dx * 12 + dy * 9} ${my - dy * 12 + dx * 9} Z`, fill: "#f2a900", stroke: "#8a5a00", "stroke-width": 1.5 }),
      s("title", {}, `A slope going ${slope.arrow}: Penny crossing it that way slides on; she cannot go up it`)));
  }
  // barriers: the board's edge and every wall inside
  const wall = { stroke: "#2b2d42", "stroke-width": 6, "stroke-linecap": "round" };
  for (const [x, y, side] of b.barriers) {
    if (side === "south") g.push(s("line", { x1: M + x * C, y1: M + (y + 1) * C, x2: M + (x + 1) * C, y2: M + (y + 1) * C, ...wall }));
    else g.push(s("line", { x1: M + (x + 1) * C, y1: M + y * C, x2: M + (x + 1) * C, y2: M + (y + 1) * C, ...wall }));
  }
  // tunnels: a numbered mouth on the edge, the two of a pair in one colour
  b.tunnels.forEach((pair, i) => {
    const colour = TUNNEL_COLOURS[i % TUNNEL_COLOURS.length];
    for (const [x, y, side] of pair) {
      const [cx, cy] = centre([x, y]);
      const [dx, dy] = DIRS[side];
      const mx = cx + dx * (C / 2 + 6);
      const my = cy + dy * (C / 2 + 6);
      const along = dx === 0;
      g.push(s("g", { class: "qc-tunnel" },
        s("rect", { x: mx - (along ? 22 : 11), y: my - (along ? 11 : 22), width: along ? 44 : 22, height: along ? 22 : 44, rx: 11, fill: colour, stroke: "#fff", "stroke-width": 2 }),
        s("text", { x: mx, y: my + 5, "text-anchor": "middle", "font-size": 14, "font-weight": 800, fill: "#fff" }, String(i + 1)),
        s("title", {}, `Tunnel ${i + 1}: Penny sliding in comes out of the other mouth ${i + 1}`)));
    }
  });
  // the labels: each column's from the left, each row's from the top
  const label = { class: "qc-label", "font-size": 13, "font-weight": 700 };
  const labels = [];
  for (let x = 0; x < b.width; x += 1) {
    labels.push(s("text", { ...label, x: M + x * C + C / 2, y: -5, "text-anchor": "middle", "data-column": x }, ordinal(x + 1)));
  }
  for (let y = 0; y < b.height; y += 1) {
    labels.push(s("text", { ...label, x: -4, y: M + y * C + C / 2 + 5, "text-anchor": "end", "data-row": y }, ordinal(y + 1)));
  }
  g.push(s("g", { class: "qc-labels", "aria-hidden": "true" }, ...labels));
  return { x: -LABEL_LEFT, y: -LABEL_TOP, width: W + LABEL_LEFT, height: H + LABEL_TOP, layer: g };
}

// ------------------------------------------------------------------ the Execute phase, frame by frame
/** Frames of the last Execute phase: where the robot and the tokens were after each step. */
export function framesOf(view) {
  const steps = view.execution || [];
  if (!steps.length) return [];
  // the tokens before it: undo the collections and the falls, newest first
  const tokens = (view.tokens || []).map((t) => ({ ...t }));
  for (const step of [...steps].reverse()) {
    if (step.step === "collect") tokens.push({ token: step.token, space: step.at, raised: false });
    if (step.step === "fall") {
      if (step.to) {
        const i = tokens.findIndex((t) => t.token === step.becomes && at(t.space) === at(step.to) && !t.raised);
        if (i >= 0) tokens.splice(i, 1);
      }
      if (step.to) tokens.push({ token: step.token, space: step.from, raised: true });
    }
  }
  const frames = [];
  let angle = ANGLE[steps[0].facing];
  let live = tokens;
  let revealed = 0;
  let current = -1;
  for (const step of steps) {
    let caption = "";
    let flash = null;
    let teleport = false;
    if (step.step === "reveal") {
      revealed = step.index + 1;
      current = step.index;
      caption = `Card ${step.index + 1}: ${cardName(step.card)}`;
    } else if (step.step === "move") caption = step.sliding ? "sliding…" : `moves ${step.direction}`;
    else if (step.step === "slide") caption = step.cause === "slope" ? "down the slope: sliding!" : "sliding…";
    else if (step.step === "tunnel") {
      caption = "through the tunnel!";
      teleport = true;
    } else if (step.step === "collide") {
      caption = `bumps into ${step.with === "edge" ? "the wall" : `a ${step.with}`}`;
      flash = step.at;
    } else if (step.step === "halt") caption = { collision: "halts", chair: "halts on the chair", snowdrift: "stuck in the snowdrift" }[step.reason] || "halts";
    else if (step.step === "rotate") {
      angle += TURN[step.turn];
      caption = step.cause === "card" ? `turns ${step.turn}` : `turns ${step.turn} (${step.cause === "chair" ? "the chair" : "Gizmo's quirk"})`;
    } else if (step.step === "collect") {
      live = live.filter((t, i, all) => i !== all.findIndex((u) => u.token === step.token && at(u.space) === at(step.at) && !u.raised));
      caption = `${step.token === "flag" ? "collects" : "cleans up"} the ${TOKEN_NAMES[step.token]}`;
      flash = step.at;
    } else if (step.step === "fall") {
      const i = live.findIndex((t) => t.token === step.token && at(t.space) === at(step.from) && t.raised);
      if (step.to && i >= 0) live = [...live.slice(0, i), ...live.slice(i + 1), { token: step.becomes, space: step.to, raised: false }];
      caption = step.token === "flower-pot" ? "the flower pot falls and shatters!" : "the dust bunny falls off!";
      flash = step.to || step.from;
    } else if (step.step === "goal") caption = "Goal!";
    const fell = step.step === "fall" && step.to ? { to: step.to, from: step.from } : null;
    frames.push({ step: step.step, space: step.robot, facing: step.facing, angle, tokens: live, fell, revealed, current, caption, flash, teleport });
  }
  return frames;
}

function animationKey(view) {
  const steps = view.execution || [];
  return steps.length ? `${view.round}|${view.result && view.result.outcome}|${steps.length}|${JSON.stringify(steps[steps.length - 1])}` : "";
}

const timers = new WeakMap();

function startAnimation(ui, view, paint) {
  const frames = framesOf(view);
  if (!frames.length) return;
  // every card the phase revealed, and on a win the cards it never reached
  const cards = (view.execution || []).filter((st) => st.step === "reveal").map((st) => ({ seat: st.seat, card: st.card }));
  if (view.is_over) for (const c of (view.queue || []).slice(cards.length)) cards.push(c);
  ui.anim = { frames, index: 0, cards };
  schedule(ui, paint);
}

function schedule(ui, paint) {
  clearTimeout(timers.get(ui));
  const anim = ui.anim;
  if (!anim) return;
  const frame = anim.frames[anim.index];
  timers.set(ui, setTimeout(() => {
    if (ui.anim !== anim) return;
    anim.index += 1;
    if (anim.index >= anim.frames.length) {
      ui.anim = null;
      ui.rerender();
      return;
    }
    paint(ui);
    schedule(ui, paint);
  }, PACE[frame.step] || 300));
}

/** Where the log's newest Execute phase begins (what the animation shows), or undefined. */
function heldFrom(log) {
  const entries = Array.isArray(log) ? log : [];
  for (let i = entries.length - 1; i >= 0; i -= 1) if (entries[i] && entries[i].event === "execute") return i;
  return undefined;
}

function skipAnimation(ui) {
  clearTimeout(timers.get(ui));
  ui.anim = null;
  ui.rerender();
}

// ------------------------------------------------------------------ painting the moving parts
function paintTokens(group, tokens, fell = null) {
  group.replaceChildren(...tokens.map((t) => {
    const [cx, cy] = centre(t.space);
    const from = fell && at(fell.to) === at(t.space) ? centre(fell.from) : null;
    // the position is an attribute; the fall is a CSS animation on an inner group
    return s("g", {
      class: `qc-token${t.raised ? " raised" : ""}`, "data-token": t.token, "data-space": at(t.space), transform: `translate(${cx} ${cy})`,
    }, s("g", { class: from ? "qc-falling" : "", style: from ? { "--fx": `${from[0] - cx}px`, "--fy": `${from[1] - cy}px` } : undefined },
      tokenShape(t.token)), s("title", {}, `A ${TOKEN_NAMES[t.token]}${t.raised ? " on the obstacle" : ""}`));
  }));
}

function placeRobot(node, space, angle, still) {
  const [cx, cy] = centre(space);
  node.classList.toggle("still", !!still);
  node.style.transform = `translate(${cx}px, ${cy}px) rotate(${angle}deg)`;
}

function paint(ui, initial = false) {
  const dom = ui.dom;
  const anim = ui.anim;
  if (!dom || !anim || (!initial && !dom.root.isConnected)) return;
  const frame = anim.frames[anim.index];
  placeRobot(dom.robot, frame.space, frame.angle, initial || frame.teleport);
  paintTokens(dom.tokens, frame.tokens, initial ? null : frame.fell);
  dom.flash.replaceChildren();
  if (frame.flash) {
    const [cx, cy] = centre(frame.flash);
    dom.flash.append(s("circle", { class: "qc-flash", cx, cy, r: C * 0.42 }));
  }
  dom.root.dataset.robot = `${at(frame.space)},${frame.facing}`;
  dom.caption.replaceChildren(captionOf(frame));
  dom.left.textContent = String(toClean(frame.tokens));
  dom.queue.replaceChildren(...executedQueue(anim, frame));
}

function captionOf(frame) {
  return h("span", {}, h("b", {}, "Executing · "), frame.caption || "");
}

/** Queue cards narrow as the queue grows, so that it stays on one line. */
function queueWidth(count) {
  return count > 8 ? Math.max(26, Math.floor(468 / count) - 7) : null;
}

function executedQueue(anim, frame) {
  const width = queueWidth(anim.cards.length);
  return anim.cards.map((c, i) => {
    const state = i === frame.current ? "current" : i < frame.revealed ? "spent" : "";
    const back = c.back || (KINDS[kindOf(c.card)] || {}).back;
    return commandCard({ card: i < frame.revealed ? c.card : null, back, size: "queue", seat: c.seat, state, width });
  });
}

// ------------------------------------------------------------------ the panels
const sectionOf = (bat, level) => (level > bat.yellow ? "green" : level > bat.red ? "yellow" : "red");

/** The round and the battery the header shows. The view has moved on once the queue ran (the
 *  next round, the battery one space lower, unless the goal was met): while that Execute phase
 *  is replayed, the header stays on the round it belongs to, and moves on when it ends. */
function shownRound(view, ui) {
  const outcome = view.result && view.result.outcome;
  if (!ui.anim || outcome === "won") return { round: view.round, battery: view.battery };
  const level = view.battery.level + 1;
  return {
    round: outcome === "lost" ? view.round : view.round - 1,
    battery: { ...view.battery, level, section: sectionOf(view.battery, level) },
  };
}

function batteryTrack(bat) {
  const cells = [];
  for (let level = bat.highest; level >= 1; level -= 1) {
    const section = sectionOf(bat, level);
    const state = level === bat.level ? "marker" : level > bat.level ? "spent" : "";
    cells.push(h("span", { class: `qc-cell ${section} ${state}`, title: `${level}: ${section}`, "data-level": level }, level === bat.level ? h("i", {}) : null));
  }
  return h("div", { class: "qc-battery", "data-role": "score", title: "The battery: it drops one space each round; at 0 everyone loses" },
    h("span", { class: "label" }, "Battery"), h("div", { class: "qc-cells" }, cells),
    h("span", { class: `qc-level ${bat.section}` }, `${bat.level}`));
}

function resultBanner(view) {
  const result = view.result || {};
  if (result.outcome === "won") {
    return h("div", { class: `qc-result won ${result.section}`, id: "qc-result", "data-outcome": "won", "data-section": result.section },
      h("b", {}, "You all win!"), ` The goal was met with the battery in the ${result.section}`,
      { green: ": a true expert run.", yellow: ": a greater challenge, completed.", red: "." }[result.section] || ".");
  }
  if (result.outcome === "lost") {
    return h("div", { class: "qc-result lost", id: "qc-result", "data-outcome": "lost" }, h("b", {}, "Everyone loses."), " The battery ran flat before the goal was met.");
  }
  return null;
}

function playerRow(view, player, ctx, fresh) {
  const seat = player.seat;
  const me = seat === view.seat;
  const acting = (view.to_act || []).includes(seat);
  const kind = ctx.table && ctx.table.seats && ctx.table.seats[seat];
  const badge = (key, label, cls) => (player[key] ? h("span", { class: `qc-signal ${cls}${fresh.includes(`${seat}:${key}`) ? " fresh" : ""}`, "data-signal": key }, label) : null);
  const turn = view.turn && view.turn.seat === seat;
  // in a replay with everything revealed, each hand comes from that seat's own view
  const revealed = player.hand || revealedOf(ctx, seat);
  return h("div", { class: `qc-player${acting ? " acting" : ""}${me ? " me" : ""}`, "data-seat": seat, style: { "--seat": seatColour(seat) } },
    h("span", { class: "seat-dot", style: { background: seatColour(seat) } }),
    h("b", {}, seatName(ctx, seat)), me ? h("span", { class: "faint small" }, "you") : null,
    kind && kind.kind !== "human" ? h("span", { class: "chip" }, `${kind.kind} bot`) : null,
    handBacks(player),
    h("span", { class: "faint small" }, `played ${player.played}`),
    h("span", { class: "spacer" }),
    turn ? h("span", { class: "chip gold" }, me ? "your turn" : "their turn") : null,
    badge("done", "Done", "done"), badge("stopped", "Stop", "stop"), badge("beeped", "Beep-boop!", "beep"),
    !player.done && !player.stopped && !player.beeped && acting && !view.pacing ? h("span", { class: "faint small" }, "programming…") : null,
    revealed ? h("span", { class: "qc-revealed", "data-revealed-hand": seat, title: `${seatName(ctx, seat)}'s hand` },
      revealed.map((card) => commandCard({ card, size: "mini" }))) : null,
  );
}

function promptOf(view, legal, ctx) {
  if (view.is_over) return view.result && view.result.outcome === "won" ? "Scenario complete!" : "The robot's battery is flat.";
  if (ctx.seat === null || ctx.seat === undefined) return "Watching the table.";
  const plays = legal.filter((a) => a.startsWith("play "));
  const queued = (view.queue || []).length;
  const need = Math.max(0, view.queue_minimum - queued);
  const me = (view.players || []).find((p) => p.seat === ctx.seat) || {};
  if (!legal.length) {
    if (view.pacing && view.turn) return `${seatName(ctx, view.turn.seat)} is playing cards…`;
    return me.done ? "You are done: waiting for the others." : "Waiting…";
  }
  if (plays.length && plays.every((a) => isQuirk(a.slice(5))) && (view.hand || []).some((c) => !isQuirk(c))) {
    return "You hold a Quirk card: play it before any other card.";
  }
  if (view.pacing) {
    if (legal.includes("pass")) return plays.length ? "Your turn: play cards, or pass." : "Your turn: pass.";
    if (!plays.length) return "End your turn.";
    return need ? `Your turn: the queue needs ${need} more card${need === 1 ? "" : "s"}.` : "Play more cards, or end your turn.";
  }
  if (!me.played) return `Play at least one card into the queue${need ? ` (it needs ${need} more)` : ""}.`;
  if (need) return `The queue needs ${need} more card${need === 1 ? "" : "s"}.`;
  return plays.length ? "Play more cards, or say you are done." : "Say you are done.";
}

function phaseOf(view, ui, ctx) {
  // the last execution may still be replayed under "Game over": the chip says how it ended
  if (ui.anim && !view.is_over) return h("span", { class: "chip gold" }, "Executing the queue");
  const result = view.result || {};
  if (result.outcome === "won") return h("span", { class: `chip won ${result.section}` }, `Won in the ${result.section}`);
  if (result.outcome === "lost") return h("span", { class: "chip lost" }, "Lost: battery flat");
  if (view.pacing && view.turn) return h("span", { class: "chip" }, `Programming · ${seatName(ctx, view.turn.seat)}'s turn`);
  return h("span", { class: "chip" }, "Programming");
}

function signalButtons(view, legal, send, ctx) {
  // A player the game does not wait for (done, or not on turn) may still signal: ctx.optional.
  const can = (word) => legal.includes(word) || (ctx.optional || []).includes(word);
  const me = (view.players || []).find((p) => p.seat === ctx.seat) || {};
  const button = (word, label, cls, title) => h("button", {
    class: `qc-signal-btn ${cls}`, "data-action": word, disabled: !can(word), title, onclick: () => can(word) && send(word),
  }, label);
  const done = view.pacing
    ? button("done", "End my turn", "primary", "End your turn after playing cards")
    : button("done", "Done", "primary", me.played ? "You are done playing cards this round" : "Play at least one card first");
  return h("div", { class: "qc-signals", role: "group", "aria-label": "signals" },
    done,
    view.pacing ? button("pass", "Pass", "", "Play no card this turn") : null,
    button("stop", "Stop", "stop", "Hands flat: the group should stop playing cards"),
    button("beep", "Beep-boop", "beep", "Say \"Beep-boop.\" (the only thing you may say)"));
}

/** The cards chosen to play, in order, not sent yet, as places in the hand (a hand may hold
 *  two cards alike): a card may be chosen when it is legal now, or when it becomes legal once
 *  the Quirk cards chosen before it are played. */
function staging(ui, hand, playable, legal) {
  const plays = legal.some((a) => a.startsWith("play "));
  const kept = (ui.staged || []).filter((pick) => hand[pick.index] === pick.card);
  ui.staged = plays ? kept : [];
  const chosen = new Set(ui.staged.map((pick) => pick.index));
  const quirksDone = hand.every((card, index) => !isQuirk(card) || chosen.has(index));
  const can = (index) => !chosen.has(index) && (playable.has(hand[index]) || (plays && quirksDone && playable.size > 0));
  const order = (index) => ui.staged.findIndex((pick) => pick.index === index);
  return { can, order };
}

function stagingBar(ui, send, ctx) {
  const staged = ui.staged.map((pick) => pick.card);
  return confirmBar({
    what: `Play ${staged.map(cardName).join(", then ")}`,
    detail: staged.length > 1 ? "into the queue, in this order" : "at the right end of the queue",
    action: `play ${staged[0]}`,
    onConfirm: () => {
      const actions = staged.map((card) => `play ${card}`);
      ui.staged = [];
      sendInOrder(ctx, send, actions);
    },
    onChange: () => { ui.staged = []; ctx.rerender(); },
  });
}

// ------------------------------------------------------------------ the renderer
export function renderQuirkyCircuits(view, legal, send, ctx) {
  useStyle("/css/quirky-circuits.css");
  const ui = ctx.ui;
  ui.rerender = ctx.rerender;
  const key = animationKey(view);
  if (ui.seen === undefined) ui.seen = key; // an execution from before we sat down is not replayed
  else if (key !== ui.seen) {
    ui.seen = key;
    if (key && !ctx.replay) startAnimation(ui, view, paint);
  }
  // the log tells how the queue ran (where the robot ends, a win, the next round) once the
  // board has shown it: from the Execute phase's entry on, it waits for the animation
  ui.logShown = ui.anim ? heldFrom(view.log) : undefined;
  const signalsNow = [];
  for (const p of view.players || []) for (const flag of ["done", "stopped", "beeped"]) if (p[flag]) signalsNow.push(`${p.seat}:${flag}`);
  const fresh = signalsNow.filter((k) => ui.signals && !ui.signals.includes(k));
  ui.signals = signalsNow;

  const robotName = (ROBOTS[view.scenario.robot] || ROBOTS.gizmo).name;
  const board = staticBoard(view);
  const tokens = s("g", { class: "qc-tokens" });
  const flash = s("g", { class: "qc-flashes" });
  const robot = s("g", { class: "qc-robot still", "data-robot": view.scenario.robot }, robotShape(view.scenario.robot), s("title", {}, `${robotName}, facing ${view.robot.facing}`));
  const svg = s("svg", { class: "qc-board", viewBox: `${board.x} ${board.y} ${board.width} ${board.height}`, role: "img", "aria-label": `${view.scenario.title}: the board` },
    board.layer, tokens, flash, robot);
  paintTokens(tokens, view.tokens || []);
  placeRobot(robot, view.robot.space, ANGLE[view.robot.facing], true);
  requestAnimationFrame(() => requestAnimationFrame(() => robot.classList.remove("still")));

  const playable = new Set(legal.filter((a) => a.startsWith("play ")).map((a) => a.slice(5)));
  const hand = view.hand || [];
  const quirkFirst = hand.some(isQuirk);
  const stage = staging(ui, hand, playable, legal);
  // while the last queue runs on the board, the next round waits: its cards are chosen after
  // the animation (or once it is skipped), not beside it
  const choosing = !ctx.replay && !ctx.sending && legal.length > 0 && !ui.anim;
  const caption = h("div", { class: "qc-caption" });
  const left = h("span", { class: "qc-left" }, String(toClean(view.tokens || [])));
  const queueCards = h("div", { class: "qc-queue-cards" });
  const shown = shownRound(view, ui);
  const root = h("div", {
    class: "qc", "data-scenario": view.scenario.id, "data-robot": `${at(view.robot.space)},${view.robot.facing}`,
    "data-animating": ui.anim ? "1" : "0", "data-round": view.round,
  },
  h("div", { class: "qc-status" },
    h("div", { class: "qc-title" }, h("b", {}, view.scenario.title), h("span", { class: "chip" }, robotName),
      view.practice ? h("span", { class: "chip good" }, "practice: cards face up") : null,
      view.pacing ? h("span", { class: "chip" }, "pacing: in turns") : null),
    h("div", { class: "qc-round" }, "Round ", h("b", {}, String(shown.round))),
    batteryTrack(shown.battery),
    h("div", { class: "qc-phase" }, phaseOf(view, ui, ctx)),
  ),
  h("div", { class: "qc-main" },
    // while choosing cards, the board is what the player watches: brought into sight above the dock
    h("section", { class: "qc-board-wrap", "data-target": choosing },
      svg,
      h("div", { class: "qc-under" }, caption,
        ui.anim ? h("button", { class: "small qc-skip", id: "qc-skip", onclick: () => skipAnimation(ui) }, "Skip animation") : null),
      ui.anim ? null : resultBanner(view)),
    h("div", { class: "qc-side" },
      h("section", { class: "qc-goal" }, h("h3", {}, "Goal"), h("p", {}, (ROBOTS[view.scenario.robot] || ROBOTS.gizmo).goal),
        h("p", { class: "faint small", "data-role": "deck" }, left, ` left to ${view.scenario.robot === "penny" ? "collect" : "clean up"} · ${deckSize(view)} cards in the deck`,
          deckTop(view) ? `, a ${deckTop(view)} card on top` : "")),
      h("section", { class: "qc-players" }, h("h3", {}, "Players"), (view.players || []).map((p) => playerRow(view, p, ctx, fresh))),
      h("section", { class: "qc-queue" },
        h("h3", {}, "Queue ", h("span", { class: "faint small" }, ui.anim ? "being executed" : `${(view.queue || []).length} of at least ${view.queue_minimum}`)),
        queueCards),
    ),
  ),
  ctx.seat === null || ctx.seat === undefined || (view.is_over && !hand.length) ? null : h("div", { class: "dock qc-dock", "data-role": "dock" },
    h("section", { class: `qc-hand${legal.length ? " mine" : ""}` },
      h("h3", {}, ctx.replay ? `${seatName(ctx, ctx.seat)}'s hand` : "Your hand", quirkFirst ? h("span", { class: "chip quirk" }, "Quirk cards first") : null,
        // the queue is under the board on a phone: its count stays in sight here
        h("span", { class: "chip qc-queue-count" }, `queue ${(view.queue || []).length} of at least ${view.queue_minimum}`),
        ctx.replay ? null : h("span", { class: `qc-prompt${legal.length && !ui.anim ? " mine" : ""}` }, ctx.sending ? "Sending your cards…"
          : ui.anim && !view.is_over ? "The queue is running: the next round's cards come after it (or skip the animation)." : promptOf(view, legal, ctx)),
        h("span", { class: "faint small" }, choosing && playable.size ? "click cards in the order to play them, then confirm" : "")),
      h("div", { class: "qc-hand-cards", "data-role": "hand" }, hand.length ? hand.map((card, index) => {
        const order = stage.order(index);
        const pick = choosing && (order >= 0 || stage.can(index));
        return commandCard({
          card, size: "hand", action: pick ? `play ${card}` : null, state: order >= 0 ? "staged" : "",
          onclick: pick ? () => {
            // a second click takes the card back out of the order
            ui.staged = order >= 0 ? ui.staged.filter((p) => p.index !== index) : [...ui.staged, { index, card }];
            ctx.rerender();
          } : null,
          disabled: legal.length > 0 && !pick,
          title: legal.length > 0 && !pick && quirkFirst ? `${cardName(card)}: play your Quirk cards first` : null,
          badge: order >= 0 ? String(order + 1) : null,
        });
      }) : h("span", { class: "faint" }, "Your hand is empty.")),
      h("div", { class: "qc-actions dock-scroll", "data-role": "actions" },
        choosing && ui.staged.length ? stagingBar(ui, send, ctx) : null,
        ctx.replay || view.is_over || ui.anim ? null : signalButtons(view, legal, send, ctx))),
  ),
  );
  // the queue as it stands (face down but for your own cards and practice mode)
  if (!ui.anim) {
    const queue = view.queue || [];
    const slots = Math.max(view.queue_minimum, queue.length);
    const width = queueWidth(queue.length);
    const cards = queue.map((c) => commandCard({ card: c.card, back: c.back, size: "queue", seat: c.seat, width }));
    for (let i = queue.length; i < slots; i += 1) cards.push(h("span", { class: "qc-slot" }, String(i + 1)));
    queueCards.replaceChildren(...cards);
    const steps = view.execution || [];
    caption.replaceChildren(steps.length ? h("span", { class: "faint" }, `Last execution: ${steps.filter((st) => st.step === "reveal").map((st) => cardName(st.card)).join(", ")}.`) : h("span", { class: "faint" }, "Program the robot: play cards face down into the queue, then the queue runs from left to right."));
  }
  ui.dom = { root, robot, tokens, flash, caption, left, queue: queueCards };
  if (ui.anim) paint(ui, true);
  return root;
}
