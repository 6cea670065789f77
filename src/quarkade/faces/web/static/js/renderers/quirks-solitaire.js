// Quirks solitaire: one player's three QUiRKS against the climate, mutated at the destiny
// marker's niche and counted when the player chooses. Drawn with the pieces of Quirks
// (quirks-parts.js).

import { h, revealedOf, seatColour } from "../util.js";
import { confirmBar } from "./confirm.js";
import { CLIMATE, climateTrack } from "./quirks-climate.js";
import {
  NICHE, NICHES, PLAIN, STACK, STACK_ORDER, actionBar, actionButton, begin, cardBack, cardSvg, creature, dock,
  foodOf, handRow, mutationControls, mutationPrompt, recent, seatName, stageWords,
} from "./quirks-parts.js";

// What a card may be worth in a climate, by the code printed on it for that climate (RULINGS.md
// 3): a code is printed for 4 and 5, and for exactly 3 on a card with an odd number only.
function worth(card, letter) {
  const odd = Number(card.number.slice(1)) % 2 === 1;
  if (card.codes.includes(letter)) return odd ? [3, 5] : [4, 5];
  return odd ? [0, 2] : [0, 3];
}

/** What the three QUiRKS may be worth together in the current climate, as the count adds it
 *  up (each card's value, and the food chain among the three: a herbivore whose A card's
 *  symbol matches the plant's A card gains that card's value and the plant loses the
 *  herbivore A card's; a carnivore whose A card matches the herbivore's C card likewise), read
 *  from the climate codes the player sees on its own cards: [lowest, highest], or null when
 *  the codes are not in the view (a spectator's). The values themselves only a count reads. */
export function groupRange(view) {
  const letter = CLIMATE[view.climate.name].letter;
  const byNiche = Object.fromEntries(view.quirks.map((q) => [q.niche, q.cards || []]));
  const all = view.quirks.flatMap((q) => q.cards || []);
  if (all.some((card) => card.codes === undefined)) return null;
  const at = (niche, row) => (byNiche[niche] || []).find((card) => card.number[0] === row);
  const weight = new Map(all.map((card) => [card.number, 1]));
  const chain = (eater, eaten) => {
    // the eaten card's value moves from one QUiRKS to the other when the symbols match: the
    // eater gains it, the eaten QUiRKS loses the eater's A card's value
    if (!eater || !eaten || !foodOf(eater.number) || foodOf(eater.number) !== foodOf(eaten.number)) return;
    weight.set(eaten.number, weight.get(eaten.number) + 1);
    weight.set(eater.number, weight.get(eater.number) - 1);
  };
  chain(at("herbivore", "A"), at("plant", "A"));
  chain(at("carnivore", "A"), at("herbivore", "C"));
  let low = 0;
  let high = 0;
  for (const card of all) {
    const [least, most] = worth(card, letter);
    low += weight.get(card.number) * least;
    high += weight.get(card.number) * most;
  }
  return [low, high];
}

/** The count's confirmation, in words: what the three QUiRKS may be worth here against what
 *  they must reach. */
function countDetail(view) {
  const need = view.thresholds[view.climate.name];
  const range = groupRange(view);
  const climate = CLIMATE[view.climate.name].label;
  let worthHere = "";
  if (range) {
    const [low, high] = range;
    const verdict = high < need ? ": they cannot reach it here" : low >= need ? ": they reach it whatever their exact values" : "";
    worthHere = `By the ${climate} codes on their cards they are worth ${low === high ? low : `${low} to ${high}`} here, `
      + `food chain counted, against ${need} needed${verdict}. `;
  }
  return `The three QUiRKS must reach ${need} together: short of it you lose. ${worthHere}`
    + "After one or two you may stop, and those counted go extinct.";
}

export function renderQuirksSolitaire(view, legalList, send, ctx) {
  const { ui, legal, mine } = begin(ctx, legalList);
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
  // the player counts the QUiRKS in the order it chooses; the first count, which may end the
  // game, is confirmed once with what it needs
  const first = !(view.counted || []).length;
  if (ui.counting && (!first || !legal.has(ui.counting))) ui.counting = null;
  for (const niche of NICHES) if (legal.has(`count ${niche}`)) legal.offer(`count ${niche}`);
  if (ui.counting) {
    const niche = ui.counting.split(" ")[1];
    controls.push(confirmBar({
      what: `Count the ${NICHE[niche].label.toLowerCase()} first, in the ${CLIMATE[view.climate.name].label}?`,
      detail: countDetail(view),
      confirmLabel: "Count", action: ui.counting,
      onConfirm: () => { const a = ui.counting; ui.counting = null; send(a); },
      onChange: () => { ui.counting = null; ctx.rerender(); },
    }));
  } else {
    for (const niche of NICHES) {
      const a = `count ${niche}`;
      if (!legal.has(a)) continue;
      const label = `Count the ${NICHE[niche].label.toLowerCase()}${first ? ` in the ${view.climate.name}` : ""}`;
      // a first count may lose the game: it never outshines playing on
      controls.push(first
        ? h("button", { class: "ghost qk-count-btn", "data-action": a, onclick: () => { ui.counting = a; ctx.rerender(); } }, label)
        : actionButton(legal, a, send, label, "gold"));
    }
  }
  if (legal.has("stop")) controls.push(actionButton(legal, "stop", send, "Stop (counted ones go extinct)"));
  if (legal.has("continue")) controls.unshift(actionButton(legal, "continue", send, "Continue: draw a destiny marker", "gold"));
  for (const v of ["end", "redraw"]) if (legal.has(v)) controls.push(actionButton(legal, v, send, PLAIN[v]));
  let prompt;
  if (view.is_over) prompt = view.won ? "You win: a perfect group of QUiRKS!" : `You lose: ${view.result || "the climate won"}`;
  else if (legal.verbs.mutate) {
    prompt = mutationPrompt(ui, legal, exchanges, "then you move the climate marker")
      || `Destiny: the ${view.niche} niche. Click one of its cards to mutate it`;
  }
  else if (legal.verbs.climate) prompt = "Move the climate marker one or two zones";
  else if (legal.verbs.stop) prompt = "Count the next QUiRKS, or stop here";
  else if (legal.verbs.count && legal.verbs.climate === undefined) prompt = "Count your QUiRKS in this climate, or play on";
  else prompt = mine ? "Your move" : "…";
  // A spectator sees the hand's size only; a replay with everything revealed shows the player's hand.
  const shown = view.hand || revealedOf(ctx, 0);
  const handCards = shown ? shown.map((card) => cardSvg(card, { size: "hand", ...(view.hand ? clickHand(card) : {}) }))
    : Array.from({ length: view.hand_size || 0 }, () => cardBack("a card in the player's hand", { small: true }));
  const { row, hint } = handRow(ctx, handCards, "No cards in hand.");
  if (!view.hand && shown) row.dataset.revealedHand = 0;
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
        h("div", { class: "head", "data-role": "score" }, h("b", {}, ctx.seat === 0 && !ctx.replay ? "Your hand" : `${seatName(ctx, 0)}'s hand`), h("span", { class: "faint small" }, `${handCards.length} cards`), hint,
          h("span", { class: "chip" }, `${view.extinctions} of 3 extinctions`), h("span", { class: "chip" }, `${view.destiny.pool} destiny markers`)),
        row)),
    h("section", { class: "qk-stacks" }, h("div", { class: "qk-title" }, h("h3", {}, "Stacks")),
      h("div", { class: "qk-stack-row" }, STACK_ORDER.map((id) => {
        const st = view.stacks[id] || { cards: 0, discarded: [] };
        return h("div", { class: "qk-stack-pile", style: `--stack: ${STACK[id].colour}` }, h("b", {}, String(st.cards)), h("span", { class: "small" }, STACK[id].label),
          h("span", { class: "faint small" }, `${(st.discarded || []).length} out`));
      }))),
    h("section", { class: "qk-log" }, h("div", { class: "qk-title" }, h("h3", {}, "Latest")), recent(view.log, 5, ctx)),
  );
}
