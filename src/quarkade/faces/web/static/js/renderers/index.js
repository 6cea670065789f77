// The renderer registry: renderers[gameId](view, legal, send, ctx) returns a DOM element.
// A game without its own renderer is drawn by the generic one (panels and buttons).
//
//   view   the seat's view, exactly as the server sent it
//   legal  the seat's legal actions, in notation (empty when it may not act)
//   send   send(notation) takes an action for the seat
//   ctx    { seat, table, components, ui, names, colours, over, replay, reveal, timer, clock }
//          clock: a timed step's { limit_ms, left_ms, seats, received } (performance.now() at arrival) or null
//          ui is an object the renderer may keep its own choices in between updates

import { renderGeneric } from "./generic.js";
import { renderQuirks } from "./quirks.js";
import { renderQuirksSolitaire } from "./quirks-solitaire.js";
import { renderQuirkling } from "./quirkling.js";
import { renderQuirkyQuarks } from "./quirky-quarks.js";
import { renderQuirkyCircuits } from "./quirky-circuits.js";
import { renderCosmicEncounter } from "./cosmic-encounter.js";
import { renderQwarks } from "./qwarks.js";

export const renderers = {
  "quirky-quarks": renderQuirkyQuarks,
  "quirky-circuits": renderQuirkyCircuits,
  quirks: renderQuirks,
  "quirks-solitaire": renderQuirksSolitaire,
  quirkling: renderQuirkling,
  "cosmic-encounter": renderCosmicEncounter,
  qwarks: renderQwarks,
};

export function rendererFor(gameId) {
  return renderers[gameId] || renderGeneric;
}

export { renderGeneric };
