// Quirks: the climate table, the three niches with their upper and lower QUiRKS, a
// competition and its count, the players, and your hand as cards; every legal action is
// something to click. The cards, the words and the action bar are shared with the solitaire
// game and Quirkling (quirks-parts.js).

import { h, seatColour } from "../util.js";
import { CLIMATE, climateTrack } from "./quirks-climate.js";
import {
  NICHE, NICHES, PLAIN, STACK, actionBar, actionButton, begin, cardBack, cardSvg, cardsOf, creature, dock, handRow,
  mutationControls, mutationPrompt, recent, revealedHand, seatName, selection, selectionBar, stageWords, toggle,
  turnLine,
} from "./quirks-parts.js";

function plural(n, word) {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

function capital(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// The stack of each position (A, B, C) of a niche's QUiRKS.
const POSITIONS = {
  plant: ["plant-a", "plant-b", "plant-c"],
  herbivore: ["herbivore-a", "animal-b", "animal-c"],
  carnivore: ["carnivore-a", "animal-b", "animal-c"],
};

/** A seat in a sentence to the player: "you", or its name as the page shows it. */
function who(ctx, seat) {
  return seat === ctx.seat ? "you" : seatName(ctx, seat);
}

/** Where ``size`` cards placed in the niche of ``entry`` go: two to its lower niche (won at
 *  once if empty, else a competition with its owner), three to its empty upper niche. */
function placeGoal(entry, size, ctx) {
  if (size === 3) return `take the empty upper ${entry.niche} niche`;
  return entry.lower ? `challenge ${who(ctx, entry.lower.owner)} for the lower ${entry.niche} niche`
    : `take the empty lower ${entry.niche} niche`;
}

/** "place 2 cards to challenge Aramo for the lower herbivore niche, or 3 to take the empty upper
 *  herbivore niche": each number of cards that may be placed (``sizes``, less the ``chosen``
 *  ones) and where they go. */
function placeWords(entry, sizes, ctx, verb = "place", chosen = 0) {
  const more = chosen ? " more" : "";
  return `${verb} ${sizes.map((size, i) => {
    const n = size - chosen;
    return `${n}${more}${i ? "" : ` card${n === 1 ? "" : "s"}`} to ${placeGoal(entry, size, ctx)}`;
  }).join(", or ")}`;
}

/** The numbers of cards of ``hand`` that may be placed in the niche of ``entry``: two of two
 *  positions (A and B, A and C, or B and C) for its lower niche, three for an empty upper one. */
function placeable(hand, entry) {
  const [a, b, c] = POSITIONS[entry.niche].map((stack) => hand.some((card) => card.stack === stack));
  const sizes = [];
  if ((a && (b || c)) || (b && c)) sizes.push(2);
  if (a && b && c && !entry.upper) sizes.push(3);
  return sizes;
}

function competeWords(entry, ctx) {
  return entry.upper ? `compete with ${who(ctx, entry.upper.owner)} for the upper ${entry.niche} niche`
    : `compete to move it up into the empty upper ${entry.niche} niche`;
}

/** The QUiRKS of yours in the destiny niche, "upper" or "lower", or null. */
/** Whether the player at ``seat`` finds the third card of its lower QUiRKS in ``entry``, as a
 *  competition for the upper niche needs it: in the missing stack (its discards shuffled in) or
 *  in its hand (which stacks a hand holds is public). */
function completable(view, entry, seat) {
  const have = new Set(entry.lower.cards.map((card) => card.stack));
  const missing = POSITIONS[entry.niche].find((stack) => !have.has(stack));
  const pile = (view.stacks || {})[missing];
  const player = (view.players || []).find((p) => p.seat === seat);
  return Boolean(pile && pile.cards + pile.discards.length > 0) || Boolean(player && (player.hand_stacks || {})[missing]);
}

function levelHeld(entry, seat) {
  if (entry.upper && entry.upper.owner === seat) return "upper";
  return entry.lower && entry.lower.owner === seat ? "lower" : null;
}

/** What the action in the destiny niche will offer you, read from the table and your hand
 *  before it is legal (at the destiny marker and the climate marker). */
function actionAhead(view, ctx) {
  const entry = view.niches.find((n) => n.niche === view.niche);
  if (!entry) return null;
  const held = levelHeld(entry, ctx.seat);
  const flow = view.flow || {};
  // The advanced game draws no destiny marker; there a first turn holds one competition only.
  const spent = !(view.destiny && view.destiny.drawn.length) && (flow.turns_taken || [])[ctx.seat] === 0
    && flow.competed >= 1;
  if (held) {
    const mutate = `mutate your ${held} ${entry.niche} QUiRKS (your turn then ends)`;
    return held === "lower" && !spent && completable(view, entry, ctx.seat) ? `${mutate}, or ${competeWords(entry, ctx)}` : mutate;
  }
  const sizes = spent ? [] : placeable(view.hand || [], entry);
  return sizes.length ? placeWords(entry, sizes, ctx) : `nothing can be done in the ${entry.niche} niche, so your turn ends`;
}

/** The prompt of a placement, following the cards selected so far. */
function placePrompt(entry, legal, place, ctx) {
  const fits = legal.of("place").filter((a) => place.chosen.every((n) => cardsOf(a).includes(n)));
  const sizes = [...new Set(fits.map((a) => cardsOf(a).length))].sort((x, y) => x - y);
  const chosen = place.chosen.length;
  if (!chosen) return `${capital(placeWords(entry, sizes, ctx))}: select them in your hand`;
  if (place.exact) {
    const third = chosen === 2 && sizes.includes(3) ? `, or select a third to ${placeGoal(entry, 3, ctx)}` : "";
    return `Confirm the ${chosen} cards to ${placeGoal(entry, chosen, ctx)}${third}`;
  }
  const left = sizes.filter((size) => size > chosen);
  return left.length ? capital(placeWords(entry, left, ctx, "select", chosen)) : "Select other cards, or change them";
}

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
  const last = (view.reveals || []).slice(-1)[0];
  // the last count belongs to the competition on now only if it is for the same niche; else it
  // is shown, as the last count, only while no competition is on
  const current = last && c && last.niche === c.niche && last.level === (c.kind === "lower" ? "lower" : "upper");
  const reveal = last && (!c || current) ? last : null;
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
      h("div", { class: "qk-count-head" }, h("b", {}, `${current ? "Counted" : "The last count"} in the ${CLIMATE[reveal.climate] ? CLIMATE[reveal.climate].label : reveal.climate}`),
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

/** Where your seat stands, in the dock: the upper niches held (three win) and extinctions. */
function standing(view, seat) {
  const p = view.players.find((q) => q.seat === seat);
  if (!p) return null;
  return h("span", { class: "qk-standing" },
    h("span", { class: "chip gold" }, `${p.upper_niches.length} of 3 upper niches`),
    h("span", { class: "chip" }, `${p.extinctions} extinction${p.extinctions === 1 ? "" : "s"}`));
}

/** What the player is asked now, following a choice of several clicks under way: ``place``, the
 *  cards selected to place; ``exchanges``, the hand cards that may replace the card chosen to
 *  mutate. */
function quirksPrompt(view, legal, ctx, { place, exchanges }) {
  if (view.is_over) return `Game over: ${(view.winners || []).map((w) => seatName(ctx, w)).join(", ") || "nobody"} won`;
  const c = view.contest;
  const st = view.stage;
  if (!legal.all.length) {
    const me = (view.players || []).find((p) => p.seat === ctx.seat);
    if (me && me.eliminated) return "You are out of the game: three of your QUiRKS went extinct. The others play on.";
    if (c && c.ready && Object.keys(c.ready).length) {
      const waiting = Object.values(c.ready).filter((r) => !r).length;
      return `Face up or face down: waiting for ${plural(waiting, "player")}…`;
    }
    const waiting = view.to_act || [];
    return waiting.length ? `Waiting for ${waiting.map((w) => seatName(ctx, w)).join(" and ")}…` : "Waiting…";
  }
  const verbs = legal.verbs;
  if (verbs.setup) return "Set up your lower QUiRKS: its second card from the B or the C stack";
  if (verbs.niche) return "Choose the niche you play in: click a niche. Next: move the climate marker, then act there";
  if (verbs.redraw) return `The destiny marker names your own upper ${view.niche} niche: mutate your QUiRKS there, or draw another marker`;
  if (verbs.climate) {
    const ahead = view.niche ? actionAhead(view, ctx) : null;
    return `Move the climate marker: click +1 or +2 on the climate table${ahead ? `. Next: ${ahead}` : ""}`;
  }
  if (verbs.replace) return "Random mutation: click a card of your QUiRKS or your hand to replace it";
  if (verbs.complete) return "Complete your QUiRKS: keep the card you drew, or click a card of your hand";
  if (st === "demote" && verbs.discard) return "Demoted: click the card your QUiRKS loses";
  if (verbs.discard) return "Too many cards: click a card of your hand to discard it";
  if (verbs["face-up"] && verbs.mutate) {
    return mutationPrompt(ctx.ui, legal, exchanges, "then choose face up or face down")
      || "Face up, or face down? You may first mutate your QUiRKS: click one of its cards";
  }
  if (verbs["face-up"]) return "Face up, or face down? Both are revealed together";
  if (verbs.roll) return "Intelligence: roll the dice, or use the adaptation table";
  if (verbs.challenge) return "The three upper niches are held: challenge, or decline";
  if (verbs.concede) return "Concede the competition, or go on";
  if (verbs.accept) return `${c ? seatName(ctx, c.attacker) : "A player"} challenges your lower ${c ? c.niche : ""} QUiRKS: pass or accept`;
  if (verbs.fight) return "The defender accepts: fight, or give up";
  if (verbs.continue) {
    const next = view.destiny && view.destiny.drawn.length ? "draw a destiny marker" : "choose a niche";
    return `You won the competition: a new action (next: ${next}, move the climate marker, then act), or end the turn`;
  }
  const entry = view.niches.find((n) => n.niche === view.niche);
  if (entry && verbs.place) return placePrompt(entry, legal, place, ctx);
  if (entry && (verbs.mutate || verbs.compete)) {
    const mutating = mutationPrompt(ctx.ui, legal, exchanges, "your turn then ends");
    if (mutating) return mutating;
    const bits = [];
    if (verbs.mutate) bits.push(`click a card of your ${levelHeld(entry, ctx.seat)} QUiRKS to mutate it (your turn then ends)`);
    if (verbs.compete) bits.push(competeWords(entry, ctx));
    return `Your action in the ${entry.niche} niche: ${bits.join(", or ")}`;
  }
  if (entry && verbs.end) return `Nothing can be done in the ${entry.niche} niche: end your turn`;
  return "Your turn";
}

export function renderQuirks(view, legalList, send, ctx) {
  const { ui, legal, mine } = begin(ctx, legalList);
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
  for (const n of [1, 2]) if (legal.has(`climate ${n}`)) controls.push(actionButton(legal, `climate ${n}`, send, `Climate +${n} →`));
  if (legal.has("complete drawn")) controls.push(actionButton(legal, "complete drawn", send, "Keep the drawn card", "gold"));
  for (const n of NICHES) if (legal.has(`niche ${n}`)) controls.push(actionButton(legal, `niche ${n}`, send, NICHE[n].label));
  const order = ["face-up", "face-down", "accept", "pass", "fight", "give-up", "compete", "redraw", "mutate", "roll", "table", "challenge", "decline", "concede", "hold", "continue", "end"];
  for (const verb of order) {
    if (!legal.has(verb)) continue;
    const gold = ["face-up", "accept", "fight", "compete", "continue", "challenge", "roll"].includes(verb);
    controls.push(actionButton(legal, verb, send, PLAIN[verb] || verb, gold ? "gold" : ""));
    // mutating the upper QUiRKS the destiny marker named waits for the climate marker to move
    if (verb === "mutate" && view.stage === "upper-owned") {
      controls.push(h("span", { class: "muted small", "data-role": "next" }, `Next: move the climate marker, then mutate your upper ${view.niche} QUiRKS`));
    }
  }

  const hand = view.hand || [];
  const me = seat === null || seat === undefined ? null : view.players.find((p) => p.seat === seat);
  const toAct = (view.to_act || []).includes(seat);
  const handCards = hand.map((card) => cardSvg(card, { size: "hand", owner: seat, ...clickHand(card) }));
  const { row, hint } = handRow(ctx, handCards);
  const bar = ctx.replay || view.is_over ? null
    : actionBar(quirksPrompt(view, legal, ctx, { place, exchanges }), mine, controls, legal, send, ctx.sending);
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
        h("span", { class: "faint small" }, `${hand.length} cards`), hint, standing(view, seat)),
      row) : null),
    playersPanel(view, ctx),
  );
}
