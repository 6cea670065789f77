// A seat taken without a name (an invitation opened before this browser had one) gets one:
// the browser's name is sent at once if it has one, else a small form asks for it. Only
// when this browser plays one seat here: at a hot seat the seats are different people.

import { api, h, toast } from "./util.js";
import { nameForm, player } from "./player.js";

const asked = new Set();

function unnamed(info, seat) {
  const known = info.seats[seat];
  return known && known.kind === "human" && known.name === `Seat ${seat + 1}`;
}

async function rename(tableId, token, name) {
  try {
    await api(`/api/tables/${encodeURIComponent(tableId)}/name`, { method: "POST", body: { token, name } });
  } catch (error) {
    toast(error.message);
  }
}

function box() {
  let found = document.getElementById("seat-name-box");
  if (!found) {
    found = h("div", { id: "seat-name-box" });
    (document.getElementById("seat-panel") || document.body).append(found);
  }
  return found;
}

/** Call whenever the table's information arrives; ``seats`` are [seat, token] pairs this
 * page plays. */
export function nameMySeat(tableId, info, seats) {
  if (!info || info.status !== "open" || seats.length !== 1) return;
  const [seat, token] = seats[0];
  if (!token || !unnamed(info, seat) || asked.has(tableId)) return;
  asked.add(tableId);
  const { name } = player();
  if (name) {
    rename(tableId, token, name);
    return;
  }
  const where = box();
  where.replaceChildren(h("div", { class: "seat-name-prompt", id: "seat-name-prompt" }, nameForm({
    text: "The others see you as your seat's number. What should they call you?",
    submit: "Save",
    onSaved: (chosen) => {
      where.replaceChildren();
      rename(tableId, token, chosen);
    },
  })));
}
