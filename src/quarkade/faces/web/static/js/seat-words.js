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
