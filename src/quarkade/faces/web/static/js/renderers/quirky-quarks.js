// Quirky Quarks: the research board with its accelerators, the Discovery Zone, the decks,
// the players, and your hand as cards. Every legal action is something to click.

import { h, revealedOf, seatColour, seatName, useStyle } from "../util.js";
import { amountBox, confirmBar, sendInOrder } from "./confirm.js";
import { card, cardBack, cardInfo, cardOrder, cards, nameOf, tooltip } from "./quirky-quarks-cards.js";

const PHASES = [
  ["F", "funding", "Funding"],
  ["R", "research", "Research"],
  ["E", "ejection", "Ejection"],
  ["D", "discovery", "Discovery"],
  ["Q", "quest", "Quest"],
];
const ROUNDS = 5;
const SHORT = { kekb: "SuperKEKB", slac: "SLAC", tev: "Tevatron", esrf: "ESRF", lhc: "LHC" };
const DECK_LABEL = { particle: "Particles", "quest-i": "Quest I", "quest-ii": "Quest II" };


// ------------------------------------------------------------------ legal actions
function readLegal(legal) {
  const out = {
    draws: [], discards: new Set(), bids: {}, ejects: new Set(), ready: false, discovers: {},
    raise: null, pass: false, completes: [], done: false, other: [],
  };
  const range = (table, key, amount) => {
    const entry = table[key] || (table[key] = { min: amount, max: amount, amounts: new Set() });
    entry.min = Math.min(entry.min, amount);
    entry.max = Math.max(entry.max, amount);
    entry.amounts.add(amount);
  };
  for (const action of legal) {
    const words = action.split(" ");
    const verb = words[0];
    if (verb === "draw") out.draws.push(words[1]);
    else if (verb === "discard") out.discards.add(words[1]);
    else if (verb === "bid") range(out.bids, words[1], Number(words[2]));
    else if (verb === "eject") out.ejects.add(words[1]);
    else if (verb === "ready") out.ready = true;
    else if (verb === "discover") range(out.discovers, words[1], Number(words[2]));
    else if (verb === "raise") {
      const box = { r: out.raise };
      range(box, "r", Number(words[1]));
      out.raise = box.r;
    } else if (verb === "pass") out.pass = true;
    else if (verb === "complete") out.completes.push(action);
    else if (verb === "done") out.done = true;
    else out.other.push(action);
  }
  return out;
}

function describeCompletion(action) {
  // "complete proton with discount gluon, 3 electron for up"
  const [head, payment] = action.slice("complete ".length).split(" with ");
  const parts = (payment || "").split(",").map((p) => p.trim()).filter(Boolean).map((part) => {
    const bits = part.split(" ");
    if (bits[0] === "discount") return `discount for ${nameOf(bits[1])}`;
    if (bits[0] === "3") return `3 ${nameOf(bits[1])} for ${nameOf(bits[3])}`;
    return part;
  });
  return { quest: head, payment: parts };
}

// ------------------------------------------------------------------ the pieces
/** An amount of eV to type or step, and the button that sends it: a number out of range is
 *  refused on screen with the range in words, and nothing is sent. */
function amountControls(ui, key, range, ev, label, make, send) {
  const amount = amountBox(ui, key, range.min, range.max, { label: "amount in eV", unit: "eV", cls: "qq-amount" });
  const go = () => {
    const value = amount.read(`you have ${ev} eV: bid ${range.min} to ${range.max}`);
    if (value === null) return;
    if (!range.amounts.has(value)) {
      amount.refuse(`${value} eV is not a bid you may make here`);
      return;
    }
    send(make(value));
  };
  return [amount.box, h("button", { class: "gold", onclick: go }, label), amount.refusal];
}

function evBadge(amount, big = false) {
  return h("span", { class: `qq-evbadge${big ? " big" : ""}`, title: "electron volts" }, h("b", {}, String(amount)), " eV");
}

function questChips(completed) {
  const entries = Object.entries(completed || {});
  if (!entries.length) return h("span", { class: "faint small" }, "no Quest completed");
  return h("div", { class: "qq-chips" }, entries.map(([id, n]) => {
    const info = cardInfo(id);
    return h("span", { class: `qq-quest-chip deck-${info.deck || "I"}`, title: tooltip(info) },
      h("b", {}, info.symbol), " ", info.name, n > 1 ? ` ×${n}` : "", h("i", {}, String(info.points ?? "")));
  }));
}

function handCards(hand, opts = {}) {
  const order = cardOrder() || Object.keys(hand);
  const ids = order.filter((id) => hand[id]).concat(Object.keys(hand).filter((id) => !order.includes(id)));
  return ids.map((id) => card(id, { size: opts.size || "hand", count: hand[id], ...(opts.each ? opts.each(id) : {}) }));
}

function statusBar(view, ctx, prompt) {
  const phaseIndex = PHASES.findIndex(([, key]) => key === view.phase);
  return h("div", { class: "qq-status" },
    h("div", { class: "qq-tracker", title: "Round" },
      h("span", { class: "label" }, "Round"),
      Array.from({ length: ROUNDS }, (_, i) => h("span", { class: `pip${i + 1 === view.round ? " on" : ""}${i + 1 < view.round ? " past" : ""}` }, String(i + 1)))),
    h("div", { class: "qq-tracker phases", title: "Phase" },
      PHASES.map(([letter, , name], i) => h("span", { class: `phase${i === phaseIndex ? " on" : ""}${i < phaseIndex || view.phase === "over" ? " past" : ""}`, title: name },
        letter, h("small", {}, name)))),
    h("div", { class: `qq-prompt${prompt.mine ? " mine" : ""}` }, prompt.text),
    h("div", { class: "qq-sp", title: "The Starting Physicist begins each phase" },
      h("span", { class: "seat-dot", style: { background: seatColour(view.starting_physicist) } }),
      `Starting physicist: ${seatName(ctx, view.starting_physicist)}`),
  );
}

function playerPanel(view, player, ctx, legalInfo) {
  const seat = player.seat;
  const toAct = (view.to_act || []).includes(seat);
  const revealed = player.hand || revealedOf(ctx, seat);
  const revealedEjecting = revealedOf(ctx, seat, "ejecting");
  const kind = ctx.table && ctx.table.seats && ctx.table.seats[seat] ? ctx.table.seats[seat] : null;
  const winner = (view.winners || []).includes(seat);
  const accelerator = player.researcher ? (SHORT[player.researcher] || player.researcher) : null;
  return h("div", { class: `qq-player${toAct ? " to-act" : ""}${winner ? " winner" : ""}`, style: { "--seat": seatColour(seat) }, "data-seat": seat },
    h("div", { class: "head" },
      h("span", { class: "seat-dot", style: { background: seatColour(seat) } }),
      h("b", {}, seatName(ctx, seat)),
      kind ? h("span", { class: "chip" }, kind.kind === "human" ? (kind.connected ? "online" : "away") : `${kind.kind} bot`) : null,
      toAct ? h("span", { class: "qq-turn" }, view.phase === "ejection" ? "choosing" : "to act") : null,
      winner ? h("span", { class: "qq-laureate" }, "Nobel Laureate") : null,
    ),
    h("div", { class: "stats" },
      evBadge(player.ev),
      h("span", { class: "qq-handsize", title: "cards in hand" }, h("i", {}), `${player.hand_size} in hand`),
      accelerator ? h("span", { class: "chip" }, `researcher at ${accelerator}`) : null,
      player.neutrinos ? h("span", { class: "chip", title: "revealed, resolved one after the other" },
        `${player.neutrinos} Neutrino${player.neutrinos > 1 ? "s" : ""} waiting`) : null,
      player.ready !== undefined ? h("span", { class: `chip ${player.ready ? "good" : ""}` },
        player.ready ? "ready" : `ejects ${player.must_eject[0]}${player.must_eject[1] !== player.must_eject[0] ? `–${player.must_eject[1]}` : ""}`) : null,
      player.score ? h("span", { class: "chip gold" }, `${player.score.total} points`) : null,
    ),
    questChips(player.completed),
    revealed && Object.keys(revealed).length ? h("div", { class: "qq-reveal" }, h("span", { class: "faint small" }, "hand"), handCards(revealed, { size: "mini" })) : null,
    revealedEjecting && revealedEjecting.length ? h("div", { class: "qq-reveal" }, h("span", { class: "faint small" }, "ejecting"), revealedEjecting.map((id) => card(id, { size: "mini" }))) : null,
  );
}

function researchBoard(view, ctx, legalInfo, send) {
  const ui = ctx.ui;
  const bidding = Object.keys(legalInfo.bids).length > 0;
  return h("section", { class: "qq-board" },
    h("div", { class: "qq-section-title" }, h("h3", {}, "Research board"),
      h("span", { class: "faint small" }, view.phase === "research" ? "the highest bid at each accelerator takes its cards" : "cards wait here for the next Research phase")),
    h("div", { class: "qq-accelerators" }, (view.accelerators || []).map((a) => {
      const legal = legalInfo.bids[a.id];
      const selected = ui.accelerator === a.id && legal;
      const pick = legal ? () => {
        ui.accelerator = a.id;
        ctx.rerender();
      } : null;
      return h("div", {
        class: `qq-accelerator${legal ? " playable" : ""}${selected ? " selected" : ""}`, "data-accelerator": a.id,
        onclick: pick, role: legal ? "button" : null, tabindex: legal ? 0 : null,
      },
      h("div", { class: "name" }, h("b", {}, SHORT[a.id] || a.name), (SHORT[a.id] || a.name) !== a.name ? h("span", {}, a.name) : null),
      h("div", { class: "plate" }, a.holder !== null && a.holder !== undefined
        ? [h("span", { class: "researcher", style: { background: seatColour(a.holder) } }, String(a.bid)), h("span", { class: "small" }, `${seatName(ctx, a.holder)} bids ${a.bid} eV`)]
        : [h("span", { class: "researcher empty" }, "–"), h("span", { class: "small faint" }, bidding && legal ? `bid from ${legal.min} eV` : "no bid")]),
      h("div", { class: "cards" }, a.cards.length ? a.cards.map((id) => card(id, { size: "small" })) : h("span", { class: "faint small" }, "no cards")),
      );
    })),
  );
}

function discoveryZone(view, ctx, legalInfo) {
  const ui = ctx.ui;
  const auction = view.flow && view.flow.auction;
  const zone = view.discovery_zone || [];
  const counts = {};
  for (const id of zone) counts[id] = (counts[id] || 0) + 1;
  return h("section", { class: "qq-zone" },
    h("div", { class: "qq-section-title" }, h("h3", {}, "Discovery Zone"),
      h("span", { class: "faint small" }, zone.length ? `${zone.length} card${zone.length > 1 ? "s" : ""} · starting bids from ${view.flow ? view.flow.min_bid : 2} eV` : "empty")),
    // what a bidder is asked about: the prompt brings it into sight above the dock (board-sight.js)
    auction ? h("div", { class: "qq-auction", "data-target": "auction" },
      card(auction.card, { size: "mini" }),
      h("div", {},
        h("div", {}, "Auction for ", h("b", {}, nameOf(auction.card))),
        h("div", { class: "small" }, "high bid ", h("b", {}, `${auction.high_bid} eV`), " by ",
          h("span", { class: "seat-dot", style: { background: seatColour(auction.high_bidder) } }), " ", seatName(ctx, auction.high_bidder),
          auction.passed.length ? h("span", { class: "faint" }, ` · passed: ${auction.passed.map((p) => seatName(ctx, p)).join(", ")}`) : null),
      )) : null,
    h("div", { class: "cards" }, Object.keys(counts).length ? Object.entries(counts).map(([id, n]) => {
      const legal = legalInfo.discovers[id];
      return card(id, {
        size: "small", count: n, playable: !!legal, selected: legal && ui.discover === id,
        onclick: legal ? () => {
          ui.discover = id;
          ctx.rerender();
        } : null,
      });
    }) : h("span", { class: "faint small" }, "Ejected cards and unclaimed accelerator cards land here.")),
  );
}

function decks(view, legalInfo, send) {
  const draws = new Set(legalInfo.draws);
  return h("section", { class: "qq-decks" },
    h("div", { class: "qq-section-title" }, h("h3", {}, "Decks")),
    h("div", { class: "piles" }, Object.entries(view.decks || {}).map(([deck, info]) => {
      const discards = Object.values(info.discards || {}).reduce((a, b) => a + b, 0);
      return h("div", { class: "pile" },
        cardBack(DECK_LABEL[deck] || deck, info.cards, {
          deck, playable: draws.has(deck), onclick: draws.has(deck) ? () => send(`draw ${deck}`) : null,
        }),
        h("span", { class: "faint small" }, `${discards} discarded`));
    })),
  );
}

// ------------------------------------------------------------------ the action bar
/** The cards chosen for ejection in this browser (not sent yet), and whether the choice,
 *  with any ejections already made, is within the number the rules ask for. */
function ejectionPlan(view, legalInfo, ui, seat) {
  const me = (view.players || []).find((p) => p.seat === seat);
  const [low, high] = me && me.must_eject ? me.must_eject : [0, 0];
  const hand = view.hand || {};
  const chosen = [];
  const taken = {};
  for (const id of ui.eject || []) {
    // forget what the hand or the rules no longer allow
    if (!legalInfo.ejects.has(id) || (taken[id] || 0) >= (hand[id] || 0)) continue;
    taken[id] = (taken[id] || 0) + 1;
    chosen.push(id);
  }
  ui.eject = chosen;
  const count = (view.ejecting || []).length + chosen.length;
  const canAdd = (id) => legalInfo.ejects.has(id) && count < high && (taken[id] || 0) < (hand[id] || 0);
  // "ready" becomes legal only once the server holds enough ejections: the cards chosen here count too
  const ready = count >= low && count <= high && (chosen.length > 0 || legalInfo.ready);
  return { low, high, chosen, count, taken, canAdd, ready };
}

function actionBar(view, legal, legalInfo, send, ctx) {
  const ui = ctx.ui;
  const mine = legal.length > 0;
  const items = [];
  let text;
  if (!mine) {
    const waiting = ctx.waiting_for || [];
    if (ctx.over || view.is_over) text = "The game is over.";
    else if (view.phase === "ejection" && waiting.length > 1) text = `Waiting for ${waiting.length} players to choose their ejections…`;
    else if (waiting.length) text = `Waiting for ${waiting.map((s) => seatName(ctx, s)).join(" and ")}…`;
    else text = "Waiting…";
    if (view.phase === "ejection" && view.ejecting) {
      items.push(h("span", { class: "muted" }, view.ejecting.length ? "You are ready. Ejecting:" : "You are ready."));
      items.push(view.ejecting.map((id) => card(id, { size: "mini" })));
    }
    return h("div", { class: "qq-actionbar waiting dock-scroll", "data-role": "actions" }, h("div", { class: "prompt" }, text), items);
  }
  const flow = view.flow || {};
  const me = (view.players || []).find((p) => p.seat === ctx.seat);
  const myEv = me ? me.ev : 0;
  if (ctx.sending) {
    return h("div", { class: "qq-actionbar waiting dock-scroll", "data-role": "actions" }, h("div", { class: "prompt" }, "Sending your choice…"));
  }
  if (legalInfo.draws.length) {
    text = flow.neutrino && flow.neutrino.seat === ctx.seat ? `Your Neutrino: draw ${flow.neutrino.draws_left} card${flow.neutrino.draws_left === 1 ? "" : "s"}, from any deck` : "Draw a card: choose a deck";
    items.push(legalInfo.draws.map((deck) => h("button", { class: "primary", onclick: () => send(`draw ${deck}`) }, `Draw from ${DECK_LABEL[deck] || deck}`)));
  } else if (legalInfo.discards.size) {
    text = "Your Neutrino: click a card in your hand to discard it with the Neutrino";
    if (ui.discard) {
      const chosen = ui.discard;
      items.push(confirmBar({
        what: `Discard ${nameOf(chosen)} with the Neutrino`, action: `discard ${chosen}`,
        onConfirm: () => { ui.discard = null; sendInOrder(ctx, send, [`discard ${chosen}`]); },
        onChange: () => { ui.discard = null; ctx.rerender(); },
      }));
    }
  } else if (Object.keys(legalInfo.bids).length) {
    const chosen = ui.accelerator && legalInfo.bids[ui.accelerator];
    if (chosen) {
      const a = (view.accelerators || []).find((x) => x.id === ui.accelerator);
      text = `Bid for the ${a ? a.name : ui.accelerator}`;
      const accelerator = ui.accelerator;
      items.push(amountControls(ui, "bid", chosen, myEv, "Place bid", (amount) => `bid ${accelerator} ${amount}`, send));
      items.push(h("button", { class: "ghost small", onclick: () => { ui.accelerator = null; ctx.rerender(); } }, "Cancel"));
    } else {
      text = "Your bid: click an accelerator to place your researcher there";
    }
  } else if (legalInfo.ejects.size || (legalInfo.ready && view.phase === "ejection")) {
    const plan = ejectionPlan(view, legalInfo, ui, ctx.seat);
    const many = (n) => `${n} card${n === 1 ? "" : "s"}`;
    if (plan.count >= plan.high) {
      text = `Eject ${plan.high === plan.low ? many(plan.low) : `${plan.low} to ${plan.high} cards`}: ${plan.count} chosen, confirm or change them`;
    } else if (plan.high === plan.low) {
      text = `Eject ${many(plan.low)}: click ${plan.count ? "another card" : plan.low === 1 ? "a card" : "cards"} in your hand (${plan.count} of ${plan.low} chosen)`;
    } else {
      text = `Eject ${plan.low} to ${plan.high} cards: click cards in your hand (${plan.count} chosen)`;
    }
    if (plan.count || plan.low > 0) {
      const names = [...(view.ejecting || []), ...plan.chosen].map(nameOf);
      items.push(confirmBar({
        what: names.length ? `Eject ${names.join(", ")}` : "No card chosen yet",
        missing: plan.count < plan.low ? `choose ${plan.low - plan.count} more` : `at most ${plan.high}`,
        detail: "then you are ready for the Ejection",
        ready: plan.ready, confirmLabel: "Confirm the ejection", action: "ready",
        onConfirm: () => {
          const actions = [...plan.chosen.map((id) => `eject ${id}`), "ready"];
          ui.eject = [];
          sendInOrder(ctx, send, actions);
        },
        onChange: plan.chosen.length ? () => { ui.eject = []; ctx.rerender(); } : null,
      }));
    } else if (legalInfo.ready) {
      items.push(h("button", { class: "gold", onclick: () => send("ready") }, "Ready, eject nothing"));
    }
  } else if (legalInfo.raise || (view.phase === "discovery" && flow.auction)) {
    const auction = flow.auction;
    text = auction ? `Auction for ${nameOf(auction.card)}: the high bid is ${auction.high_bid} eV. Raise or pass` : "Raise or pass";
    if (legalInfo.raise) {
      items.push(amountControls(ui, "raise", legalInfo.raise, myEv, "Raise", (amount) => `raise ${amount}`, send));
    } else {
      items.push(h("span", { class: "muted small" }, "You cannot outbid it."));
    }
    if (legalInfo.pass) items.push(h("button", { onclick: () => send("pass") }, "Pass"));
  } else if (Object.keys(legalInfo.discovers).length || (legalInfo.pass && view.phase === "discovery")) {
    const chosen = ui.discover && legalInfo.discovers[ui.discover];
    if (chosen) {
      text = `Start a discovery of ${nameOf(ui.discover)}`;
      const discovered = ui.discover;
      items.push(amountControls(ui, "discover_bid", chosen, myEv, "Start the auction", (amount) => `discover ${discovered} ${amount}`, send));
    } else {
      text = Object.keys(legalInfo.discovers).length
        ? "Start a discovery: click a card in the Discovery Zone, or pass"
        : "You cannot start a discovery now: pass";
    }
    if (legalInfo.pass) items.push(h("button", { onclick: () => send("pass") }, "Pass"));
  } else if (legalInfo.completes.length || legalInfo.done) {
    text = legalInfo.completes.length ? "Complete Quests: choose a payment, then finish" : "No Quest can be completed now";
    const list = h("div", { class: "qq-completions" }, legalInfo.completes.map((action) => {
      const { quest, payment } = describeCompletion(action);
      const info = cardInfo(quest);
      return h("button", { class: "qq-complete", onclick: () => send(action), title: action, "data-action": action },
        h("b", {}, info.name), h("span", { class: "chip gold" }, `${info.points} pts`),
        h("span", { class: "small muted" }, payment.length ? payment.join(", ") : "paid with its cards"));
    }));
    if (legalInfo.completes.length) items.push(list);
    if (legalInfo.done) items.push(h("button", { class: legalInfo.completes.length ? "" : "gold", onclick: () => send("done") }, "Finish my Quest phase"));
  }
  if (legalInfo.other.length) {
    items.push(legalInfo.other.map((action) => h("button", { class: "small", onclick: () => send(action) }, action)));
  }
  return h("div", { class: "qq-actionbar mine dock-scroll", "data-role": "actions" }, h("div", { class: "prompt" }, text || "Your turn"), h("div", { class: "controls" }, items));
}

function promptFor(view, legal, ctx) {
  if (view.is_over) {
    const winners = view.winners || [];
    return { text: winners.length ? `Game over: ${winners.map((w) => seatName(ctx, w)).join(", ")} won` : "Game over", mine: false };
  }
  if (legal.length) return { text: "Your turn", mine: true };
  const waiting = view.to_act || [];
  if (view.phase === "ejection" && waiting.length > 1) return { text: `Waiting for ${waiting.length} players`, mine: false };
  if (waiting.length === 1) return { text: `${seatName(ctx, waiting[0])} to act`, mine: false };
  return { text: "", mine: false };
}

// ------------------------------------------------------------------ the renderer
export function renderQuirkyQuarks(view, legal, send, ctx) {
  useStyle("/css/quirky-quarks.css");
  cards(ctx.components);
  const ui = ctx.ui;
  const legalInfo = readLegal(legal);
  // Forget choices the rules no longer allow.
  if (ui.accelerator && !legalInfo.bids[ui.accelerator]) ui.accelerator = null;
  if (ui.discover && !legalInfo.discovers[ui.discover]) ui.discover = null;
  const seat = view.seat;
  const me = seat === null || seat === undefined ? null : (view.players || []).find((p) => p.seat === seat);
  const others = (view.players || []).filter((p) => p.seat !== seat);
  // the others clockwise from you
  if (me) others.sort((a, b) => ((a.seat - seat + 16) % 16) - ((b.seat - seat + 16) % 16));

  const hand = view.hand || {};
  if (ui.discard && !legalInfo.discards.has(ui.discard)) ui.discard = null;
  const plan = ejectionPlan(view, legalInfo, ui, seat);
  const clickHand = (id) => {
    if (ctx.sending) return {};
    if (legalInfo.ejects.has(id)) {
      const picked = plan.taken[id] || 0;
      if (!plan.canAdd(id)) return { selected: picked > 0, label: picked ? `${nameOf(id)}: chosen for ejection` : nameOf(id) };
      return {
        playable: true, selected: picked > 0, label: `choose ${nameOf(id)} for ejection`,
        onclick: () => { ui.eject = [...plan.chosen, id]; ctx.rerender(); },
      };
    }
    if (legalInfo.discards.has(id)) {
      return { playable: true, selected: ui.discard === id, label: `discard ${nameOf(id)}`, onclick: () => { ui.discard = id; ctx.rerender(); } };
    }
    const completions = legalInfo.completes.filter((a) => describeCompletion(a).quest === id);
    if (completions.length === 1) return { playable: true, onclick: () => send(completions[0]), label: `complete ${nameOf(id)}` };
    if (completions.length > 1) return { playable: true, label: `${nameOf(id)}: choose a payment below` };
    return {};
  };

  return h("div", { class: "qq" },
    statusBar(view, ctx, promptFor(view, legal, ctx)),
    h("div", { class: "qq-players" }, others.map((p) => playerPanel(view, p, ctx, legalInfo))),
    // at the end the board is bare: the players' revealed hands are what matters
    view.is_over && !ctx.replay ? null : researchBoard(view, ctx, legalInfo, send),
    view.is_over && !ctx.replay ? null : h("div", { class: "qq-middle" }, discoveryZone(view, ctx, legalInfo), decks(view, legalInfo, send)),
    h("div", { class: "dock qq-dock", "data-role": "dock" },
    ctx.replay || view.is_over ? null : actionBar(view, legal, legalInfo, send, ctx),
    me ? h("section", { class: `qq-me${(view.to_act || []).includes(seat) ? " to-act" : ""}`, style: { "--seat": seatColour(seat) } },
      h("div", { class: "head", "data-role": "score" },
        h("span", { class: "seat-dot", style: { background: seatColour(seat) } }),
        h("b", {}, ctx.replay ? seatName(ctx, seat) : `You · ${seatName(ctx, seat)}`),
        evBadge(me.ev, true),
        me.researcher ? h("span", { class: "chip" }, `researcher at ${SHORT[me.researcher] || me.researcher}`) : null,
        me.score ? h("span", { class: "chip gold" }, `${me.score.total} points`) : null,
        h("span", { class: "spacer" }),
        h("span", { class: "muted small" }, "completed:"), questChips(me.completed),
      ),
      h("div", { class: "qq-hand", "data-role": "hand" }, Object.keys(hand).length ? handCards(hand, { each: clickHand }) : h("span", { class: "faint" }, "Your hand is empty.")),
    ) : null),
  );
}
