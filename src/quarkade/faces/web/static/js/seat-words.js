// The games' log lines name seats as the engine counts them ("Seat 0 draws", "seat 2
// ejects"): on screen each becomes its player's name, as the rest of the page shows it.

/** ``text`` with every "Seat N" / "seat N" of a seat in ``names`` replaced by its name. */
export function withNames(text, names) {
  return text.replace(/\b[Ss]eat (\d+)\b/g, (words, number) => {
    const name = names[Number(number)];
    return name === undefined ? words : name;
  });
}
