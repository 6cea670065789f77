// The games' log lines name seats as the engine counts them ("Seat 0 draws", "seat 2
// ejects"): on screen each becomes its player's name, as the rest of the page shows it.

/** ``text`` with every "Seat N" / "seat N" of a seat in ``names`` replaced by its name. */
export function withNames(text, names) {
  return text.replace(/\b[Ss]eat (\d+)\b/g, (words, number) => {
    const name = names[Number(number)];
    return name === undefined ? words : name;
  });
}

/** A log line as a sentence on screen: its seats by name, and a first word the game wrote in
 * lower case ("the cards are revealed", "totals: …") with a capital. A line that starts with a
 * seat starts with its player's name, as the player wrote it. */
export function logLine(text, names) {
  const opens = /^[a-z]/.test(text) && !/^seat \d/.test(text);
  const named = withNames(text, names);
  return opens ? named.charAt(0).toUpperCase() + named.slice(1) : named;
}

/** "A", "A and B", "A, B and C". */
export function listed(words) {
  return words.length < 2 ? words.join("") : `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`;
}

/** A game's log as the page shows it: each line by ``logLine``, and a run of lines in which
 * one seat after another passes (Cosmic Encounter asks every player at each edict window) as
 * one line, "Ada, Bot 2 and Bot 3 pass", in the order they passed. */
export function logLines(log, names) {
  const lines = [];
  let passing = [];
  const close = () => {
    if (passing.length) lines.push(passing.length === 1 ? `${passing[0]} passes` : `${listed(passing)} pass`);
    passing = [];
  };
  for (const entry of log) {
    const text = typeof entry === "string" ? entry : entry.text || JSON.stringify(entry);
    const pass = entry && entry.event === "pass" && /^[Ss]eat (\d+) passes$/.exec(text);
    if (pass) {
      passing.push(names[Number(pass[1])] ?? `Seat ${Number(pass[1]) + 1}`);
      continue;
    }
    close();
    lines.push(logLine(text, names));
  }
  close();
  return lines;
}
