// Qwarks: every deck reveals a card at once; you have a few seconds to memorise them and
// one click to cover a card (a hand is drawn over it); then you answer the turn's question
// about your card from memory, and the card is flipped face up, right or wrong.
// The cards are the game's own drawings (components.drawings, SVG). The server times the race:
// a cover is sent as "cover D after 0" and the server writes the time it measured.

import { h, s, seatColour, seatName as boardName, useStyle } from "../util.js";

const COLOURS = {
  red: "#e53935", orange: "#fb8c00", yellow: "#fdd835", green: "#43a047", blue: "#1e88e5", purple: "#8e24aa",
};
const KINDS = [["prooton", "Prooton", "two Qwarks with tentacles, one without"], ["nootron", "Nootron", "two Qwarks without tentacles, one with"]];
const QUESTION_SHORT = { eyes: "Eyes", tentacles: "Tentacles", colours: "Colours", sad: "Sad Qwarks", happy: "Happy Qwarks" };


const KIND_LABELS = Object.fromEntries(KINDS.map(([word, label]) => [word, label]));
// an answer as the buttons say it ("answer 1 prooton": "1 Prooton")
const saidAnswer = (answer) => answer.replace(/^answer /, "").split(" ").map((word) => KIND_LABELS[word] || word).join(" ");

const seatName = (ctx, seat) => (seat === ctx.seat ? "You" : boardName(ctx, seat));
const points = (n) => `${n} point${n === 1 ? "" : "s"}`;
const dataUrl = (svg) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

const count = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** A face in words, as a player looking at it sees it: its points, then its three Qwarks from
 *  left to right ("2 points; red happy Qwark, 3 eyes, no tentacles; …"). Only a face the view
 *  shows is ever said: a hidden card has none. */
function faceWords(face) {
  const qwarks = (face.qwarks || []).map((q) => `${q.colour} ${q.mood} Qwark, ${count(q.eyes, "eye")}, ${q.tentacles ? count(q.tentacles, "tentacle") : "no tentacles"}`);
  return [points(face.value), ...qwarks].join("; ");
}

function drawing(ctx, face) {
  const svg = ctx.components && ctx.components.drawings && ctx.components.drawings[face.id];
  if (!svg) return h("div", { class: "qw-face-text" }, `${face.value}`);
  return h("img", { src: dataUrl(svg), alt: faceWords(face), draggable: "false" });
}

function backImage(ctx, word, cls) {
  const svg = ctx.components && ctx.components.backs && ctx.components.backs[word];
  return svg ? h("img", { class: cls, src: dataUrl(svg), alt: QUESTION_SHORT[word] || word, draggable: "false" }) : null;
}

// A hand seen from above, fingers spread over the card.
function handDrawing(colour) {
  const skin = "#f1c9a5";
  const line = "#8a5a3c";
  return s("svg", { class: "qw-hand", viewBox: "0 0 120 150", "aria-hidden": "true" },
    s("path", {
      d: "M30 148 C22 118 18 96 22 78 L14 46 C12 38 22 34 26 42 L36 70 L34 22 C34 13 45 13 46 22 L50 64 L54 14 C55 5 66 5 66 14 "
        + "L66 64 L74 22 C76 13 86 15 85 24 L80 70 L92 50 C97 42 107 47 103 56 L88 98 C84 118 82 132 84 148 Z",
      fill: skin, stroke: line, "stroke-width": 3, "stroke-linejoin": "round",
    }),
    s("path", { d: "M40 120 Q58 128 76 118", fill: "none", stroke: line, "stroke-width": 2, opacity: 0.5 }),
    s("rect", { x: 28, y: 138, width: 60, height: 12, rx: 4, fill: colour, opacity: 0.9 }));
}

// ------------------------------------------------------------------ the countdown
let ticker = null;
function countdown(clock, seat) {
  if (!clock) return null;
  const mine = seat !== null && seat !== undefined && clock.seats.includes(seat);
  const bar = h("div", { class: "qw-bar-fill" });
  const label = h("span", { class: "qw-seconds" });
  const box = h("div", { class: `qw-countdown${mine ? " mine" : ""}`, role: "timer", "aria-live": "off" },
    label, h("div", { class: "qw-bar" }, bar));
  const tick = () => {
    const left = Math.max(0, clock.left_ms - (performance.now() - clock.received));
    label.textContent = `${(left / 1000).toFixed(1)} s`;
    bar.style.width = `${(100 * left) / clock.limit_ms}%`;
    box.classList.toggle("hurry", left < 3000);
    box.dataset.left = String(Math.round(left));
  };
  tick();
  if (ticker) clearInterval(ticker);
  ticker = setInterval(() => {
    if (!box.isConnected) {
      clearInterval(ticker);
      ticker = null;
      return;
    }
    tick();
  }, 100);
  return box;
}

// ------------------------------------------------------------------ what the legal actions allow
function readLegal(legal) {
  const info = { covers: new Set(), timeout: false, asks: [], numbers: new Set(), colours: false, kinds: new Set(), answering: false };
  for (const action of legal) {
    const words = action.split(" ");
    if (words[0] === "cover") info.covers.add(Number(words[1]));
    else if (action === "timeout") info.timeout = true;
    else if (words[0] === "question") info.asks.push(words[1]);
    else if (words[0] === "answer") {
      info.answering = true;
      const last = words[words.length - 1];
      const kind = last === "prooton" || last === "nootron" ? last : null;
      if (kind) info.kinds.add(kind);
      const said = words.slice(1, kind ? -1 : undefined);
      if (said.length === 1) info.numbers.add(Number(said[0]));
      else info.colours = true;
    }
  }
  return info;
}

// ------------------------------------------------------------------ the table
function deckLabel(view, deck, ctx) {
  const entry = view.decks[deck];
  const side = entry.side ? ` · ${entry.side}` : "";
  return `${seatName(ctx, entry.seat)}${side}`;
}

// "on your deck", "on Bea's deck", "on your left deck" (the 2 Player Variant's sides)
function onDeck(view, deck, ctx) {
  const entry = view.decks[deck];
  const owner = entry.seat === ctx.seat ? "your" : `${boardName(ctx, entry.seat)}'s`;
  return `on ${owner} ${entry.side ? `${entry.side} ` : ""}deck`;
}

function revealedCard(view, entry, ctx, info, send) {
  const deck = entry.deck;
  const deckInfo = view.decks[deck];
  const answer = (view.answers || []).find((a) => a.card && entry.covered_by === a.seat);
  const ownCover = view.own_cover && view.own_cover.deck === deck;
  const canCover = view.phase === "cover" && info.covers.has(deck) && !ctx.replay;
  const classes = ["qw-card"];
  let face = null;
  let cover = null;
  if (entry.card) face = drawing(ctx, entry.card);
  else face = h("div", { class: "qw-card-hidden" });
  if (entry.covered_by !== null && entry.covered_by !== undefined && !entry.checked) {
    classes.push("covered");
    cover = h("div", { class: "qw-cover" }, handDrawing(seatColour(entry.covered_by)),
      h("span", { class: "qw-cover-who" }, entry.covered_by === ctx.seat ? "Your hand" : `${seatName(ctx, entry.covered_by)}'s hand`));
  } else if (ownCover) {
    classes.push("covered", "mine");
    cover = h("div", { class: "qw-cover" }, handDrawing(seatColour(ctx.seat)), h("span", { class: "qw-cover-who" }, "Your hand"));
  }
  if (answer) classes.push(answer.right ? "right" : "wrong");
  if (entry.checked) classes.push("flipped");
  if (canCover) classes.push("coverable");
  const attrs = {
    class: classes.join(" "), "data-deck": deck, "data-card": entry.card ? entry.card.id : "",
    "data-covered-by": entry.covered_by ?? "",
  };
  if (canCover) {
    attrs.role = "button";
    attrs.tabindex = "0";
    // named by whose deck it lies on, and what it shows: three cards are not three "Cover this card"
    const which = `Cover the card ${onDeck(view, deck, ctx)}`;
    attrs.title = which;
    attrs["aria-label"] = entry.card ? `${which}: ${faceWords(entry.card)}` : which;
    attrs.onclick = () => send(`cover ${deck} after 0`);
    attrs.onkeydown = (event) => {
      if (event.key === "Enter" || event.key === " ") attrs.onclick();
    };
  }
  const race = (view.race || []).filter((r) => r.deck === deck);
  return h("div", { class: "qw-slot", "data-deck": deck },
    h("div", { class: "qw-slot-head" },
      h("span", { class: "seat-dot", style: { background: seatColour(deckInfo.seat) } }),
      // the whole name on hover: on a phone a long one is cut short (qwarks.css)
      h("span", { class: "qw-slot-name", title: deckLabel(view, deck, ctx) }, deckLabel(view, deck, ctx)),
      h("span", { class: "qw-deck-count", title: "cards left in this deck" }, `${deckInfo.cards} left`)),
    h("div", attrs, face, cover,
      answer ? h("div", { class: `qw-verdict ${answer.right ? "right" : "wrong"}` },
        answer.right ? "✓ kept" : "✗ discarded") : null),
    h("div", { class: "qw-slot-foot" },
      race.map((r) => h("span", { class: `chip small ${r.got ? "green" : ""}` },
        r.got ? `${seatName(ctx, r.seat)} ${r.after} ms` : `${seatName(ctx, r.seat)} beaten`)),
      answer ? h("span", { class: "qw-said" }, `${seatName(ctx, answer.seat)}: ${saidAnswer(answer.answer)}`) : null,
      answer && !answer.right ? h("span", { class: "faint small", "data-keeps": "" }, `right: ${saidAnswer(answer.keeps)}`) : null),
    h("div", { class: "qw-next" }, deckInfo.question ? backImage(ctx, deckInfo.question, "qw-next-back") : null,
      deckInfo.question ? h("span", { class: "faint small" }, `next: ${QUESTION_SHORT[deckInfo.question]}`) : h("span", { class: "faint small" }, "deck spent")),
  );
}

function tableArea(view, ctx, info, send) {
  const slots = view.revealed.map((entry) => revealedCard(view, entry, ctx, info, send));
  if (view.decks.length === 4 && view.players.length === 2) {
    // the two-player variant: each player's two decks side by side, you at the bottom
    const me = ctx.seat ?? 0;
    const group = (seat) => h("div", { class: `qw-side${seat === ctx.seat ? " mine" : ""}` },
      h("div", { class: "qw-side-name" }, seatName(ctx, seat)),
      h("div", { class: "qw-side-decks" }, slots.filter((_, deck) => view.decks[deck].seat === seat)));
    return h("div", { class: "qw-table two", "data-decks": 4 }, group(1 - me), group(me));
  }
  return h("div", { class: "qw-table", "data-decks": view.decks.length, style: { "--decks": String(view.decks.length) } }, slots);
}

// ------------------------------------------------------------------ the turn just ended
// Its answered cards, face up, through the next turn's question and race (ruling 16): the last
// answer ends its turn at once, so this is where its card is seen turned up. Below the race's
// cards, never over them; not a .qw-card, so nothing reads it as one of this turn's.
function lastTurnStrip(view, ctx) {
  const answers = view.last_turn || [];
  if (!answers.length) return null;
  const asked = view.last_question;
  return h("div", { class: "qw-last", "data-role": "last-turn", "aria-label": "the answers of the turn just ended" },
    h("div", { class: "qw-last-title" }, h("b", {}, "Last turn"),
      asked ? h("span", { class: "qw-last-asked", "data-question": asked }, backImage(ctx, asked, "qw-last-icon"),
        QUESTION_SHORT[asked] || asked) : null,
      h("span", { class: "faint small" }, "the cards answered")),
    h("div", { class: "qw-last-cards" }, answers.map((a) => h("div", {
      class: `qw-last-card ${a.right ? "right" : "wrong"}`, "data-card": a.card.id, "data-seat": a.seat,
      title: `${seatName(ctx, a.seat)} answered ${saidAnswer(a.answer)}: `
        + (a.right ? "right, kept" : `wrong, discarded; the answer that keeps it: ${saidAnswer(a.keeps)}`),
    },
    h("div", { class: "qw-last-face" }, drawing(ctx, a.card)),
    h("div", { class: "qw-last-said" },
      h("span", { class: "seat-dot", style: { background: seatColour(a.seat) } }),
      h("b", {}, seatName(ctx, a.seat)), h("span", { "data-said": "" }, saidAnswer(a.answer))),
    h("span", { class: `qw-last-verdict ${a.right ? "right" : "wrong"}` }, a.right ? "✓ kept" : "✗ discarded"),
    a.right ? null : h("span", { class: "faint small", "data-keeps": "" }, `right: ${saidAnswer(a.keeps)}`)))));
}

// ------------------------------------------------------------------ the question
function questionPanel(view, ctx) {
  const q = view.question;
  if (!q || !q.question) {
    return h("div", { class: "qw-question" }, h("div", { class: "qw-question-text" },
      h("b", {}, "No deck shows a question"), h("span", { class: "muted" }, ` ${seatName(ctx, view.first_player)} chooses one.`)));
  }
  const where = q.deck === null || q.deck === undefined ? "chosen by the first player" : onDeck(view, q.deck, ctx);
  return h("div", { class: "qw-question", "data-question": q.question },
    backImage(ctx, q.question, "qw-question-icon"),
    h("div", { class: "qw-question-text" }, h("span", { class: "faint small" }, `This turn's question (${where})`), h("b", {}, q.text)));
}

// ------------------------------------------------------------------ acting
function askPanel(info, send) {
  return h("div", { class: "qw-action", "data-role": "actions" }, h("b", {}, "Choose this turn's question:"),
    info.asks.map((word) => h("button", { class: "primary", "data-ask": word, onclick: () => send(`question ${word}`) }, QUESTION_SHORT[word] || word)));
}

function answerPanel(view, ctx, info, send) {
  const ui = ctx.ui;
  const turnKey = `${view.turn}`;
  if (ui.answerTurn !== turnKey) {
    ui.answerTurn = turnKey;
    ui.number = null;
    ui.colours = [null, null, null];
    ui.kind = null;
  }
  const rerender = () => ctx.rerender && ctx.rerender();
  const identify = info.kinds.size > 0;
  let picker;
  if (info.colours) {
    picker = h("div", { class: "qw-colour-rows" }, [0, 1, 2].map((slot) => h("div", { class: "qw-colour-row" },
      h("span", { class: "faint small" }, ["Left", "Middle", "Right"][slot]),
      Object.entries(COLOURS).map(([word, fill]) => h("button", {
        class: `qw-chip${ui.colours[slot] === word ? " on" : ""}`, "data-slot": slot, "data-colour": word, "aria-pressed": String(ui.colours[slot] === word),
        title: word, "aria-label": `${["left", "middle", "right"][slot]} Qwark ${word}`, style: { background: fill },
        onclick: () => { ui.colours[slot] = word; rerender(); },
      })))));
  } else {
    const numbers = [...info.numbers].sort((a, b) => a - b);
    picker = h("div", { class: "qw-numbers" }, numbers.map((n) => h("button", {
      class: `qw-number${ui.number === n ? " on" : ""}`, "data-number": n, "aria-pressed": String(ui.number === n), onclick: () => { ui.number = n; rerender(); },
    }, String(n))));
  }
  const kinds = identify ? h("div", { class: "qw-kinds" }, KINDS.map(([word, label, hint]) => h("button", {
    class: `qw-kind${ui.kind === word ? " on" : ""}`, "data-kind": word, title: hint, "aria-pressed": String(ui.kind === word),
    onclick: () => { ui.kind = word; rerender(); },
  }, label, h("small", {}, hint)))) : null;
  const said = info.colours ? (ui.colours.every(Boolean) ? ui.colours.join(" ") : null) : ui.number === null ? null : String(ui.number);
  const ready = said !== null && (!identify || ui.kind);
  const notation = ready ? `answer ${said}${identify ? ` ${ui.kind}` : ""}` : null;
  // on a phone the answer may stand a screen below the question: it is said again there
  const question = view.question && view.question.text ? h("b", { class: "qw-action-question" }, view.question.text) : null;
  return h("div", { class: "qw-action answer", "data-role": "actions" },
    h("div", { class: "qw-action-title" }, question, h("b", {}, "Your answer, from memory"),
      identify ? h("span", { class: "faint small" }, " — and is it a Prooton or a Nootron?") : null),
    picker, kinds,
    // the whole answer is shown on the button that sends it, once
    h("div", { class: "qw-submit-row" },
      h("button", { class: "primary qw-submit", disabled: !ready, onclick: () => notation && send(notation) },
        notation ? `Answer: ${notation.replace(/^answer /, "")}` : "Answer"),
      said !== null || ui.kind ? h("button", {
        class: "ghost", "data-confirm": "change",
        onclick: () => { ui.number = null; ui.colours = [null, null, null]; ui.kind = null; rerender(); },
      }, "Change") : null));
}

function prompt(view, ctx, info) {
  const me = ctx.seat;
  if (view.is_over) return "The decks are spent.";
  if (view.phase === "question") return info.asks.length ? "No question shows: choose one for this turn." : `${seatName(ctx, view.first_player)} chooses the question.`;
  if (view.phase === "cover") {
    if (me === null || me === undefined) return "The race: every player covers one card.";
    if (view.own_cover) return view.own_cover.timeout ? "You covered nothing this turn." : "Your hand is down. Remember the card!";
    // beaten to a card: asked again, the time running on from when that card was covered
    const beaten = (view.race || []).some((r) => r.seat === me && !r.got && r.deck !== null);
    if (beaten && view.to_act.includes(me)) return "A quicker hand covered your card: cover another, quick!";
    if (beaten) return "A quicker hand covered your card.";
    return "Memorise the cards, then click one to cover it.";
  }
  if (view.phase === "answer") {
    const order = view.answering.order;
    const next = order[view.answering.answered];
    if (info.answering) return "Answer the question about the card under your hand.";
    return next === undefined ? "" : `${seatName(ctx, next)} answers.`;
  }
  return "";
}

// ------------------------------------------------------------------ the players
function playersPanel(view, ctx) {
  return h("div", { class: "qw-players" }, view.players.map((p) => h("div", {
    class: `qw-player${p.seat === ctx.seat ? " mine" : ""}${(view.winners || []).includes(p.seat) ? " winner" : ""}`, "data-seat": p.seat,
  },
  h("div", { class: "qw-player-head" },
    h("span", { class: "seat-dot", style: { background: seatColour(p.seat) } }),
    h("b", {}, seatName(ctx, p.seat)),
    view.first_player === p.seat && !view.is_over ? h("span", { class: "chip small gold", title: "the first player this turn" }, "first") : null,
    view.phase === "cover" && view.ready[p.seat] ? h("span", { class: "chip small" }, "chosen") : null,
    h("span", { class: "qw-score", "data-score": p.score }, points(p.score))),
  h("div", { class: "qw-kept" }, p.kept.length ? p.kept.map((face) => h("div", { class: "qw-kept-card", title: `${face.id}: ${points(face.value)}` }, drawing(ctx, face)))
    : h("span", { class: "faint small" }, "no card kept yet")))));
}

export function renderQwarks(view, legal, send, ctx) {
  useStyle("/css/qwarks.css");
  const info = readLegal(ctx.replay ? [] : legal);
  const turns = view.turns;
  return h("div", { class: `qw phase-${view.phase}`, "data-phase": view.phase, "data-turn": view.turn, "data-round": view.race_round },
    h("div", { class: "qw-status" },
      h("div", { class: "qw-title" }, h("b", {}, "Qwarks"), h("span", { class: "muted" }, `Turn ${Math.min(view.turn, turns)} of ${turns}`),
        view.beginners ? h("span", { class: "chip small" }, "beginners") : null,
        view.colour_blind ? h("span", { class: "chip small" }, "colour-blind") : null),
      h("div", { class: `qw-prompt${legal.length && !ctx.replay ? " mine" : ""}` }, prompt(view, ctx, info)),
      view.phase === "cover" && !ctx.replay ? countdown(ctx.clock, ctx.seat) : null),
    questionPanel(view, ctx),
    tableArea(view, ctx, info, send),
    lastTurnStrip(view, ctx),
    h("div", { class: "dock qw-dock", "data-role": "dock" },
      !ctx.replay && info.asks.length ? askPanel(info, send) : null,
      !ctx.replay && info.answering ? answerPanel(view, ctx, info, send) : null,
      !ctx.replay && !info.asks.length && !info.answering && !view.is_over
        ? h("div", { class: `qw-action qw-waiting${legal.length ? " mine" : ""}`, "data-role": "actions" }, prompt(view, ctx, info)) : null,
      myScore(view, ctx)),
    playersPanel(view, ctx));
}

/** Your points and kept cards, in the dock: always in sight. */
function myScore(view, ctx) {
  const me = view.players.find((p) => p.seat === ctx.seat);
  if (!me) return null;
  return h("div", { class: "qw-mine", "data-role": "score" },
    h("span", { class: "seat-dot", style: { background: seatColour(me.seat) } }), h("b", {}, "You"),
    h("span", { class: "muted small" }, `${me.kept.length} card${me.kept.length === 1 ? "" : "s"} kept`),
    h("span", { class: "qw-score" }, points(me.score)));
}
