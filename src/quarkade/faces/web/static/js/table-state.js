// What the parts of the table page share: the page's state (the table, this browser's
// connections, the replay shown) and the seats as people see them, by name and counted from 1.

export const SPECTATOR = "spectator";

function tableIdFromUrl() {
  const match = location.pathname.match(/^\/t\/([A-Za-z0-9_-]+)/);
  if (match) return match[1];
  return new URLSearchParams(location.search).get("id");
}

export const params = new URLSearchParams(location.search);
export const app = {
  id: tableIdFromUrl(),
  info: null,
  game: null,
  components: null,
  held: null,
  conns: new Map(),
  active: null,
  ui: {},
  logs: {},
  replay: null,
  wantReplay: params.get("replay") === "1",
  hideBetweenTurns: true,
  lastActed: null,
  updates: 0,
  sent: 0, // the page's own actions sent, and those the server applied (for scripts driving the page)
  applied: 0,
  errors: 0,
};

export const $ = (id) => document.getElementById(id);

export function keyOf(seat) {
  return seat === null || seat === undefined ? SPECTATOR : String(seat);
}

// people see names (the server gives one for every seat), and seats counted from 1
export function seatLabel(seat) {
  if (seat === null || seat === undefined) return "Spectator";
  const known = app.info && app.info.seats[seat];
  return known && known.name ? known.name : `Seat ${Number(seat) + 1}`;
}

export function names() {
  const out = {};
  const players = app.info ? app.info.players : 8;
  for (let seat = 0; seat < players; seat += 1) out[seat] = seatLabel(seat);
  return out;
}

export function playedSeats() {
  return [...app.conns.values()].filter((c) => c.seat !== null).map((c) => c.seat);
}
