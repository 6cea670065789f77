// The fallback renderer: any game, drawn from its view as panels, its legal actions as
// buttons, and a box to type an action in notation.

import { h } from "../util.js";

function isScalar(value) {
  return value === null || ["string", "number", "boolean"].includes(typeof value);
}

export function renderGeneric(view, legal, send, ctx = {}) {
  const facts = Object.entries(view).filter(([key, value]) => isScalar(value) && key !== "game");
  const nested = Object.entries(view).filter(([key, value]) => !isScalar(value) && key !== "log");
  const filter = (ctx.ui && ctx.ui.filter) || "";
  const shown = legal.filter((a) => a.includes(filter)).slice(0, 240);
  const input = h("input", { type: "text", placeholder: "type an action, e.g. pass", "aria-label": "action" });
  const submit = () => {
    if (input.value.trim()) send(input.value.trim());
  };
  input.addEventListener("keydown", (event) => {
    if (event.key === "Enter") submit();
  });
  const filterBox = h("input", {
    type: "search", placeholder: "filter actions", value: filter,
    oninput: (event) => {
      if (ctx.ui) ctx.ui.filter = event.target.value;
      ctx.rerender && ctx.rerender();
    },
  });
  const hand = view.hand === undefined || view.hand === null ? null : view.hand;
  return h("div", { class: "generic" },
    h("section", { class: "panel", "data-role": "score" },
      h("div", { class: "panel-title" }, h("h2", {}, ctx.title || view.game), h("span", { class: "muted small" },
        ctx.seat === null || ctx.seat === undefined ? "spectator view" : `Seat ${Number(ctx.seat) + 1}`)),
      h("div", { class: "facts" }, facts.map(([key, value]) =>
        h("div", { class: "fact" }, h("div", { class: "k" }, key.replaceAll("_", " ")), h("div", {}, String(value))))),
    ),
    nested.filter(([key]) => key !== "hand").map(([key, value]) => {
      const text = JSON.stringify(value, null, 2);
      return h("section", { class: "panel" },
        h("details", { open: text.length < 700 },
          h("summary", {}, h("b", {}, key.replaceAll("_", " ")), h("span", { class: "faint small" }, `  ${text.length < 700 ? "" : "(click to open)"}`)),
          h("pre", {}, text)));
    }),
    // what you hold and what you may do stay at the bottom of the screen
    h("div", { class: "dock generic-dock", "data-role": "dock" },
    hand === null ? null : h("section", { class: "panel generic-hand dock-scroll", "data-role": "hand" },
      h("div", { class: "panel-title" }, h("h2", {}, "Your hand")),
      h("pre", {}, JSON.stringify(hand))),
    h("section", { class: "panel generic-actions dock-scroll", "data-role": "actions" },
      h("div", { class: "panel-title" }, h("h2", {}, "Your actions"),
        legal.length > 8 ? filterBox : null),
      legal.length
        ? h("div", { class: "legal-list" }, shown.map((action) =>
          h("button", { class: "small", onclick: () => send(action) }, action)))
        : h("p", { class: "muted" }, ctx.over ? "The game is over." : "Nothing to do now: waiting for the others."),
      legal.length > shown.length ? h("p", { class: "faint small" }, `${legal.length - shown.length} more: filter or type one`) : null,
      ctx.replay ? null : h("div", { class: "notation" }, input, h("button", { onclick: submit }, "Act")),
    )),
  );
}
