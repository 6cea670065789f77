// Quirks solitaire: one player's three QUiRKS against the climate, mutated at the destiny
// marker's niche and counted when the player chooses. Drawn with the pieces of Quirks
// (quirks-parts.js).

import { h, revealedOf, seatColour } from "../util.js";
import { confirmBar } from "./confirm.js";
import { CLIMATE, climateTrack } from "./quirks-climate.js";
import {
  NICHE, NICHES, PLAIN, STACK, STACK_ORDER, actionBar, actionButton, begin, cardBack, cardSvg, creature, dock,
  mutationControls, recent, seatName, stageWords,
} from "./quirks-parts.js";

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
      detail: `The three QUiRKS must reach ${view.thresholds[view.climate.name]} together: short of it you lose. `
        + "After one or two you may stop, and those counted go extinct.",
      confirmLabel: "Count", action: ui.counting,
      onConfirm: () => { const a = ui.counting; ui.counting = null; send(a); },
      onChange: () => { ui.counting = null; ctx.rerender(); },
    }));
  } else {
    for (const niche of NICHES) {
      const a = `count ${niche}`;
      if (!legal.has(a)) continue;
      const label = `Count the ${NICHE[niche].label.toLowerCase()}${first ? ` in the ${view.climate.name}` : ""}`;
      controls.push(first
        ? h("button", { class: "gold", "data-action": a, onclick: () => { ui.counting = a; ctx.rerender(); } }, label)
        : actionButton(legal, a, send, label, "gold"));
    }
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
