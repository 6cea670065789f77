// Quirkling: players ask each other for cards of a stack, draw and discard, and make
// QUIRKLINGS of three cards that bear the current climate's code. Drawn with the pieces of
// Quirks (quirks-parts.js).

import { h, seatColour } from "../util.js";
import { climateTrack } from "./quirks-climate.js";
import { confirmBar, sendInOrder } from "./confirm.js";
import {
  PLAIN, STACK, STACK_ORDER, actionBar, actionButton, askedFor, begin, cardBack, cardSvg, cardsOf, creature, dock,
  handRow, recent, revealedHand, seatName, selection, selectionBar, stageWords, toggle, turnLine,
} from "./quirks-parts.js";

export function renderQuirkling(view, legalList, send, ctx) {
  const { ui, legal, mine } = begin(ctx, legalList);
  const seat = ctx.seat;
  const asks = legal.of("ask");
  // "ask SEAT STACK": the player asked and the card (the turn's request, player by player, or a refill)
  const askSeats = [...new Set(asks.map((a) => Number(a.split(" ")[1])))];
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
    controls.push(h("span", { class: "muted small" }, "Ask"));
    controls.push(h("span", { class: "qk-seg" }, askSeats.map((s2) => h("button", {
      class: `small${ui.askSeat === s2 ? " on" : ""}`, style: `--seat: ${seatColour(s2)}`, "data-ask-seat": s2,
      "aria-pressed": String(ui.askSeat === s2),
      onclick: () => { ui.askSeat = s2; ui.asking = null; ctx.rerender(); },
    }, seatName(ctx, s2)))));
    controls.push(h("span", { class: "muted small" }, "for"));
    // a player and a stack: two choices, shown whole and sent once confirmed
    if (ui.asking && !legal.has(ui.asking)) ui.asking = null;
    for (const id of STACK_ORDER) {
      const a = `ask ${ui.askSeat} ${id}`;
      const pick = () => { ui.asking = a; ctx.rerender(); };
      if (legal.has(a)) {
        controls.push(h("button", {
          class: `small qk-stack-btn${ui.asking === a ? " on" : ""}`, style: `--stack: ${STACK[id].colour}`, "data-action": a,
          "aria-pressed": String(ui.asking === a),
          title: `Ask for ${askedFor(id)}: ${STACK[id].label} cards show ${STACK[id].about}`,
          "aria-label": `Ask for ${askedFor(id)}`, onclick: pick,
        }, `a ${STACK[id].part} `, h("span", { class: "qk-stack-code" }, `(${STACK[id].label})`)));
      }
    }
    for (const a of asks) legal.offer(a);
    if (ui.asking) {
      const chosen = ui.asking;
      const [, who, stack] = chosen.split(" ");
      controls.push(confirmBar({
        what: `Ask ${seatName(ctx, Number(who))} for ${askedFor(stack)}`, action: chosen,
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
  else if (legal.verbs.give) prompt = `${seatName(ctx, view.current)} asks you for ${view.asked ? askedFor(view.asked.stack) : "a card"}: click one to give it`;
  else if (legal.verbs.none) prompt = `${seatName(ctx, view.current)} asks you for ${view.asked ? askedFor(view.asked.stack) : "a card"}: you have none`;
  else if (asks.length && view.stage === "request" && view.asked) prompt = `No card yet: ask another player for ${askedFor(view.asked.stack)}`;
  else if (asks.length && view.stage === "request") prompt = "Ask a player whether they have the card you want";
  else if (asks.length) prompt = "Ask a player for a card of a stack";
  else if (legal.verbs.draw) prompt = "Draw: from the stack or the discard pile";
  else if (legal.verbs.make && legal.verbs.discard) prompt = "Make a QUIRKLING from three cards of your hand, or click a card to discard";
  else if (legal.verbs.discard) prompt = "Click a card of your hand to discard it";
  else prompt = "Your turn";
  const hand = view.hand || [];
  const top = view.discard_top;
  const handCards = hand.map((card) => cardSvg(card, { size: "hand", ...clickHand(card) }));
  const { row, hint } = handRow(ctx, handCards);
  if (legal.has("draw stack")) legal.offer("draw stack");
  if (legal.has("draw discard") && top) legal.offer("draw discard");
  return h("div", { class: "qk qk-quirkling", "data-stage": view.stage },
    h("div", { class: "qk-status" },
      h("span", { class: "qk-stage" }, stageWords(view.stage)),
      h("span", { class: "muted small" }, turnLine(ctx, view)),
      view.asked ? h("span", { class: "chip" }, view.asked.seat === null ? `asking for ${askedFor(view.asked.stack)}` : `asking ${seatName(ctx, view.asked.seat)} for ${askedFor(view.asked.stack)}`) : null,
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
        h("div", { class: "head", "data-role": "score" }, h("span", { class: "seat-dot", style: { background: seatColour(seat) } }), h("b", {}, "Your hand"), h("span", { class: "faint small" }, `${hand.length} cards`), hint,
          h("span", { class: "chip" }, `${((view.players.find((p) => p.seat === seat) || {}).quirklings || []).length} QUIRKLINGS made`)),
        row) : null),
  );
}
