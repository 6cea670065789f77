"""Quirks, Quirks Solitaire and Quirkling drawn as plain text for a terminal, from a view only.

The table as a player sees it: the climate, whose turn it is and what the rules ask of them,
the niches with their QUiRKS (card number, trait, the food-chain symbol printed beside the
number, and the climate codes the viewer may read: O ocean, F forest, P plain, D desert,
J jungle), a competition with the challenger's cards, the stacks and their discards, each
player's hand size and extinctions, and the viewer's hand. Every line fits 80 columns.

The food-chain symbols are printed on the cards for everyone (``printed_faces``, which the web
draws from too): a card's number is enough to read its symbol.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from quarkade.core.words import a_or_an, joined, plural, seat_name, wrap
from quarkade.games.quirks.board import NICHE_STACKS, SETUP_ORDER, SETUP_ORDER_THREE
from quarkade.games.quirks.components import NICHES, STACKS, part_words, printed_faces

WIDTH: Final = 80
_FOOD: Final = {card["number"]: card["food"] for card in printed_faces()["card"] if card["food"]}
_CODES: Final = "O ocean, F forest, P plain, D desert, J jungle"
_LEGEND: Final = f"Cards: number, trait, ●food-chain symbol, [climate codes]: {_CODES}."
# The food chain, as the rulebook's "Food Chain Points" count it (competitions and the solitaire total).
_FOOD_CHAIN: Final = ("Food chain, within one level: a herbivore's A card eats the plant's A card of its colour, "
                      "a carnivore's A card the herbivore's C card of its colour.")

# What the rules ask at each step of a turn, by the view's ``stage`` (the steps whose words
# depend on more of the view are worded in ``_quirks_step``, ``_solitaire_step`` and
# ``_quirkling_step``).
_QUIRKS_STEPS: Final = {
    "choose-niche": "choose the niche to play in (advanced game); next: move the climate marker, then act there",
    "random-mutation": "the climate marker crossed an X: replace one card of a QUiRKS or of your hand",
    "lower-defence": "your lower QUiRKS is challenged: accept the competition or give up the niche",
    "lower-attack": "the defender accepted: fight, or give up",
    "intelligence": "ask for intelligence: roll, or look at the table",
    "upper-complete": "complete your QUiRKS for the competition for the upper niche",
    "upper-sealed": "choose face up (compete) or face down (withdraw); the choices are shown together",
    "demote": "your QUiRKS loses the upper niche: discard a card bearing the climate's code",
    "concede-defender": "both QUiRKS are face up: concede, or hold on and count",
    "concede-challenger": "both QUiRKS are face up: concede, or fight and count",
    "after-win": "you won the competition: continue with another action, or end your turn",
    "surplus": "your hand holds too many cards of a stack: discard one",
    "defence": "a player holds the three upper niches: challenge with your lower QUiRKS, or decline",
}
# (a count may begin at every step of play but counting: RULINGS.md 31)
_SOLITAIRE_STEPS: Final = {
    "start": "continue (draw a destiny marker: it names the QUiRKS your next action changes), or count your QUiRKS",
    "climate": "move the climate marker one or two zones, or count your QUiRKS",
    "random-mutation": "the climate marker crossed an X: replace one card of a QUiRKS, or count your QUiRKS",
    "counting": "count the next QUiRKS, or stop (the QUiRKS counted become extinct branches)",
}
_QUIRKLING_STEPS: Final = {
    "make": "make a QUIRKLING from three cards of your hand (you must when you can)",
    "discard": "discard a card, to keep seven",
}


def table_label(seat: int) -> str:
    """A seat on the drawn table, numbered as the game's log lines number it."""
    return f"Seat {seat}"


def _who(seat: int | None, viewer: int | None) -> str:
    if seat is None:
        return "nobody"
    return "you" if seat == viewer else table_label(seat)


def _wrap(text: str, indent: str = "    ") -> list[str]:
    return wrap(text, indent, WIDTH)


def food(number: str) -> str | None:
    """The colour of the food-chain symbol printed beside a card's number, if it bears one.

    >>> food("A1"), food("B1")
    ('blue', None)
    """
    return _FOOD.get(number)


def card_text(card: dict[str, Any]) -> str:
    """``A6 Orchid bloom ●red [OJ]``: the number, the trait, the food-chain symbol's colour when
    the card bears one, and the climate codes when readable."""
    colour = food(card["number"])
    symbol = f" ●{colour}" if colour else ""
    codes = f" [{card['codes'] or '-'}]" if "codes" in card else ""
    return f"{card['number']} {card['trait']}{symbol}{codes}"


def _cards_text(cards: list[dict[str, Any]]) -> str:
    return ", ".join(card_text(c) for c in cards) or "no cards"


def _quirks_text(quirks: dict[str, Any] | None, viewer: int | None) -> str:
    if quirks is None:
        return "empty"
    owner = f"{_who(quirks['owner'], viewer)}: " if "owner" in quirks else ""
    return f"{owner}{quirks['name'] or '—'} ({_cards_text(quirks['cards'])})"


def _climate(view: dict[str, Any]) -> str:
    climate = view["climate"]
    return f"Climate: {climate['name'].upper()} (zone {climate['zone']}, space {climate['space']})"


def _turn(view: dict[str, Any], what: str | None) -> list[str]:
    viewer = view.get("seat")
    to_act = view.get("to_act") or []
    if view.get("is_over"):
        return ["The game is over."]
    if not to_act:
        return ["Waiting."]
    who = " and ".join(_who(s, viewer) for s in to_act)
    return _wrap(f"{who[0].upper()}{who[1:]}: {what or 'act'}.")


def _stack_words(stack: str) -> str:
    """``animal-b`` reads ``the ANIMAL-B stack``, as the log lines name a stack."""
    return f"the {stack.upper()} stack"


# The stacks of each niche's positions (A, B, C), as a hand's cards name them.
_POSITIONS: Final = {NICHES[niche]: tuple(STACKS[stack] for stack in stacks)
                     for niche, stacks in enumerate(NICHE_STACKS)}


def _place_goal(entry: dict[str, Any], size: int, viewer: int | None) -> str:
    """Where ``size`` cards placed in the niche of ``entry`` go: two to its lower niche (won at
    once if empty, else a competition with its owner), three to its empty upper niche."""
    niche = entry["niche"].upper()
    if size == 3:
        return f"take the empty upper {niche} niche"
    lower = entry["lower"]
    return f"challenge {_who(lower['owner'], viewer)} for the lower {niche} niche" if lower \
        else f"take the empty lower {niche} niche"


def _placeable(view: dict[str, Any], entry: dict[str, Any], actor: int) -> list[int]:
    """How many cards the player to act may place in the niche of ``entry``: two of two positions
    for its lower niche, three for an empty upper one; read from the hand when it is the viewer's
    (another's hand unseen, what the rules offer)."""
    hand = view.get("hand") if actor == view.get("seat") else None
    if hand is None:
        return [2] if entry["upper"] else [2, 3]
    a, b, c = (any(card["stack"] == stack for card in hand) for stack in _POSITIONS[entry["niche"]])
    sizes = [2] if (a and (b or c)) or (b and c) else []
    if a and b and c and not entry["upper"]:
        sizes.append(3)
    return sizes


def _completable(view: dict[str, Any], entry: dict[str, Any], actor: int) -> bool:
    """Whether the player to act finds the third card of its lower QUiRKS in ``entry``, as a
    competition for the upper niche needs it: in the missing stack (its discards shuffled in) or
    in its hand (which stacks a hand holds is public)."""
    have = {card["stack"] for card in entry["lower"]["cards"]}
    missing = next(stack for stack in _POSITIONS[entry["niche"]] if stack not in have)
    pile = view["stacks"][missing]
    left: int = pile["cards"] + len(pile["discards"])
    held: int = view["players"][actor]["hand_stacks"].get(missing, 0)
    return left > 0 or held > 0


def _action_ahead(view: dict[str, Any]) -> str | None:
    """What the action in the destiny niche offers the player to act, read from the table (and
    its hand, when the viewer's): the QUiRKS it holds there to mutate, or where placed cards go."""
    entry = next((n for n in view["niches"] if n["niche"] == view.get("niche")), None)
    if entry is None:
        return None
    actor, viewer = view["current"], view.get("seat")
    niche = entry["niche"].upper()
    held = next((level for level in ("upper", "lower") if entry[level] and entry[level]["owner"] == actor), None)
    flow = view.get("flow") or {}
    turns = flow.get("turns_taken") or []
    # The advanced game draws no destiny marker; there a first turn holds one competition only.
    spent = not (view.get("destiny") or {}).get("drawn") and flow.get("competed", 0) >= 1 \
        and actor < len(turns) and turns[actor] == 0
    if held:
        mutate = f"mutate your {held} {niche} QUiRKS (your turn then ends)"
        if held == "upper" or spent or not _completable(view, entry, actor):
            return mutate
        upper = entry["upper"]
        compete = f"compete with {_who(upper['owner'], viewer)} for the upper {niche} niche" if upper \
            else f"compete to move it up into the empty upper {niche} niche"
        return f"{mutate}, or {compete}"
    sizes = [] if spent else _placeable(view, entry, actor)
    if not sizes:
        return f"nothing can be done in the {niche} niche, so your turn ends"
    return "place " + ", or ".join(f"{plural(size, 'card') if i == 0 else size} to {_place_goal(entry, size, viewer)}"
                                   for i, size in enumerate(sizes))


def _quirks_step(view: dict[str, Any]) -> str | None:
    """What the rules ask now in Quirks, in the words of the step the view shows."""
    stage = view["stage"]
    if stage == "upper-owned":
        return (f"the destiny marker names your upper {(view.get('niche') or '').upper()} niche: mutate your QUiRKS "
                "there (next: move the climate marker, then mutate it; your turn then ends), "
                "or draw another destiny marker")
    if stage == "climate":
        ahead = _action_ahead(view)
        return "move the climate marker one or two spaces" + (f"; next: {ahead}" if ahead else "")
    if stage == "action":
        return _action_ahead(view) or "act in the niche as the rules allow there"
    if stage == "setup":
        # The lower niches are made in the rulebook's order (RULINGS.md 6): the view's setup step names it.
        order = SETUP_ORDER_THREE if len(view["players"]) == 3 else SETUP_ORDER
        step = (view.get("flow") or {}).get("setup_step", 0)
        niche = order[step][0] if 0 <= step < len(order) else None
        if niche is None:
            return "make your lower QUiRKS from its A card and the B card or the C card"
        a, b, c = (STACKS[stack] for stack in NICHE_STACKS[niche])
        return (f"make your lower {NICHES[niche].upper()} QUiRKS: {a_or_an(a.upper())} card "
                f"and a card from {_stack_words(b)} (setup b) or {_stack_words(c)} (setup c)")
    contest = view.get("contest") or {}
    if stage == "upper-sealed" and contest.get("defender") == view.get("seat") and contest.get("mutated") is False:
        return ("choose face up (compete) or face down (withdraw), the choices shown together; you, the "
                "defender, may first mutate your QUiRKS once")
    return _QUIRKS_STEPS.get(stage)


def _hand(view: dict[str, Any]) -> list[str]:
    hand = view.get("hand")
    if hand is None:
        return []
    lines = ["", "Your hand:" if hand else "Your hand: empty"]
    for card in hand:
        lines.append(f"  {card['stack']:<12} {card_text(card)}"[:WIDTH])
    return lines


# The stacks as a table (the widest stack name sets each column): every stack fits 80 columns.
_ROW_LABEL: Final = 14


def _stacks(view: dict[str, Any], discards_key: str, discarded: str) -> list[str]:
    """Each stack's cards left, its discard pile's size and the card on top of the pile, as
    far as the view holds them."""
    stacks = view.get("stacks")
    if not stacks:
        return []

    def number(card: Any) -> str:
        return str(card["number"]) if isinstance(card, dict) else str(card)

    names = list(stacks)
    rows = [("Stacks", names),
            ("  cards left", [str(stacks[n]["cards"]) for n in names]),
            (f"  {discarded}", [str(len(stacks[n].get(discards_key) or [])) for n in names]),
            ("  last discard", [number(stacks[n][discards_key][-1]) if stacks[n].get(discards_key) else "-"
                                for n in names])]
    return [(label.ljust(_ROW_LABEL) + " ".join(cell.rjust(len(name)) for cell, name in zip(cells, names,
                                                                                         strict=True))).rstrip()
            for label, cells in rows]


def _last_count(view: dict[str, Any]) -> list[str]:
    """The last competition counted, card values and food-chain points apart, while it is the
    one under way or no other is (as the web shows it)."""
    reveals = view.get("reveals") or []
    if not reveals:
        return []
    last = reveals[-1]
    contest = view.get("contest")
    if contest and (contest["niche"], contest["kind"]) != (last["niche"], last["level"]):
        return []
    viewer = view.get("seat")
    totals = ", ".join(f"{t['total']} for {_who(int(seat), viewer)} (cards {t['cards']}, food chain "
                       f"{t['food_chain']:+d})" for seat, t in last["totals"].items())
    return _wrap(f"Counted for the {last['level']} {last['niche']} niche in the {last['climate'].upper()}: "
                 f"{totals}; {_who(last['winner'], viewer)} won.")


def _contest(view: dict[str, Any]) -> list[str]:
    """A competition under way: the two sides, and the challenger's cards as far as they are
    shown (its third card, for an upper niche, from the reveal on)."""
    contest = view.get("contest")
    if not contest:
        return []
    viewer = view.get("seat")
    defender = contest.get("defender")
    against = f" against {_who(defender, viewer)}" if defender is not None else ""
    faces = {int(s): up for s, up in (contest.get("faces") or {}).items()}

    def face(seat: int | None) -> str:
        return "" if seat not in faces else f", face {'up' if faces[seat] else 'down'}"

    lines = ["", *_wrap(f"Competition for the {contest['kind']} {contest['niche']} niche: "
                        f"{_who(contest['attacker'], viewer)}{against}.")]
    cards = contest.get("attacker_cards") or []
    hidden = " and a third card not shown" if contest["kind"] == "upper" and len(cards) == 2 else ""
    # A whole QUiRKS is named by its cards' syllables, A first (as the niches name theirs).
    name = "".join(card["syllable"] for card in cards).capitalize() + " " if len(cards) == 3 else ""
    lines.extend(_wrap(f"  Challenger {_who(contest['attacker'], viewer)}{face(contest['attacker'])}: "
                       f"{name}({_cards_text(cards)}{hidden})", "      "))
    if defender is not None:
        entry = next(n for n in view["niches"] if n["niche"] == contest["niche"])
        held = entry["upper" if contest["kind"] == "upper" else "lower"]
        named = f" ({held['name']}, shown above)" if held else ""
        lines.extend(_wrap(f"  Defender {_who(defender, viewer)}{face(defender)}{named}", "      "))
    if contest.get("drawn"):
        lines.extend(_wrap(f"  You drew {card_text(contest['drawn'])}: keep it as your third card or "
                           "use one from your hand.", "      "))
    if contest.get("shown_to_others"):
        lines.extend(_wrap(f"  The others see your QUiRKS as {', '.join(contest['shown_to_others'])}.", "      "))
    return lines


def _render_quirks(view: dict[str, Any]) -> list[str]:
    viewer = view.get("seat")
    niche = f" · destiny: the {view['niche'].upper()} niche" if view.get("niche") else ""
    lines = [f"{_climate(view)} · turn {view['turns'] + 1}{niche}", *_turn(view, _quirks_step(view)), ""]
    for entry in view["niches"]:
        lines.append(f"{entry['niche'].upper()} niche")
        lines.extend(_wrap(f"  upper: {_quirks_text(entry['upper'], viewer)}", "         "))
        lines.extend(_wrap(f"  lower: {_quirks_text(entry['lower'], viewer)}", "         "))
    lines.extend(_contest(view))
    count = _last_count(view)
    if count:
        lines.extend(["", *count])
    lines.append("")
    lines.extend(_wrap(_LEGEND))
    lines.extend(_wrap(_FOOD_CHAIN))
    lines.append("")
    lines.extend(_stacks(view, "discards", "discard pile"))
    lines.append("")
    lines.append("Players")
    for player in view["players"]:
        seat = player["seat"]
        facts = [f"{plural(player['hand_size'], 'card')} in hand", plural(player["extinctions"], "extinction")]
        if player.get("upper_niches"):
            facts.append("upper niches: " + ", ".join(player["upper_niches"]))
        if player.get("eliminated"):
            facts.append("out of the game")
        name = table_label(seat) + (" (you)" if seat == viewer else "")
        lines.extend(_wrap(f"  {name}: {', '.join(facts)}"))
    return lines + _hand(view)


def _solitaire_step(view: dict[str, Any]) -> str | None:
    if view["stage"] == "action" and view.get("niche"):
        return (f"change one card of your {view['niche'].upper()} QUiRKS (exchange it with a card of your hand, "
                "or discard it and draw), or count your QUiRKS")
    return _SOLITAIRE_STEPS.get(view["stage"])


def _destiny_applies(view: dict[str, Any]) -> bool:
    """The destiny marker names the QUiRKS of the action under way: from its draw until the
    card is changed (a count may come between); before the next draw it is an old one."""
    return view["stage"] == "action" or (view["stage"] == "counting" and view.get("resume") == "action")


def _render_solitaire(view: dict[str, Any]) -> list[str]:
    needed = view["thresholds"].get(view["climate"]["name"])
    niche = f" · destiny: the {view['niche'].upper()} niche" if view.get("niche") and _destiny_applies(view) else ""
    lines = [f"{_climate(view)}{niche}", f"To win here your QUiRKS must total {needed} or more; "
             f"{view['extinctions']} of 3 extinctions.", *_turn(view, _solitaire_step(view)), ""]
    for quirks in view["quirks"]:
        lines.extend(_wrap(f"{quirks['niche'].upper():<10} {_quirks_text(quirks, view.get('seat'))}", " " * 11))
    if view.get("counted"):
        lines.append("Counted so far: " + ", ".join(f"{c['niche']} {c['total']}" for c in view["counted"]))
    lines.append("")
    lines.extend(_wrap(_LEGEND))
    lines.extend(_wrap(_FOOD_CHAIN))
    stacks = _stacks(view, "discarded", "out of play")
    if stacks:
        lines.extend(["", *stacks, *_wrap("A stack that runs out loses the game at once.")])
    return lines + _hand(view)


def _quirkling_step(view: dict[str, Any]) -> str | None:
    """What the rules ask now in Quirkling: the words follow what is legal at this moment."""
    stage = view["stage"]
    asked = view.get("asked") or {}
    stack = asked.get("stack")
    if stage == "request":
        if stack:
            # After a "none", the asker names another player for the same card (RULINGS.md 33).
            return (f"ask another player for {a_or_an(part_words(STACKS.index(stack)))} (if no one has "
                    "one, you draw a card)")
        return "ask a player for a card of a stack (if no one has one, you draw a card)"
    if stage == "give":
        wanted = a_or_an(part_words(STACKS.index(stack))) if stack else "a card"
        if view.get("seat") not in (view.get("to_act") or []):
            return f"asked for {wanted}: gives one, or has none"
        if any(card["stack"] == stack for card in view.get("hand") or []):
            return f"you are asked for {wanted}: give one (you must)"
        return f"you are asked for {wanted}: you have none, say so"
    if stage == "refill":
        # One player at a time; after a "none" the asker draws instead (RULINGS.md 35).
        return ("ask a player for a card, to get back to eight cards (if the player has none, you draw "
                "from the stack or the discard pile instead)")
    if stage == "refill-draw":
        # The stack is renewed from the pile but its top card when a draw finds it empty (RULINGS.md 36).
        pile = len(view.get("discard_pile") or [])
        sources = []
        if view.get("stack") or pile > 1:
            sources.append("draw a card from the stack")
        if pile:
            sources.append("take the top card of the discard pile")
        return " or ".join(sources) + ", to get back to eight cards"
    return _QUIRKLING_STEPS.get(stage)


def _render_quirkling(view: dict[str, Any]) -> list[str]:
    viewer = view.get("seat")
    top = view.get("discard_top")
    lines = [*_wrap(f"{_climate(view)} · {view['stack']} cards in the stack · discard pile: "
                    + (card_text(top) if top else "empty")), *_turn(view, _quirkling_step(view)),
             "Goal: be the first to make a plant, a herbivore and a carnivore.", ""]
    for player in view["players"]:
        seat = player["seat"]
        made = ", ".join(f"{q['niche']} {q['name']}" for q in player["quirklings"]) or "no QUIRKLING yet"
        name = table_label(seat) + (" (you)" if seat == viewer else "")
        lines.extend(_wrap(f"  {name}: {plural(player['hand_size'], 'card')} in hand; {made}"))
    lines.extend(["", *_wrap(_LEGEND)])
    return lines + _hand(view)


def render_text(view: dict[str, Any]) -> str:
    """The table of any of the three games, as the view's seat sees it.

    >>> import quarkade
    >>> text = render_text(quarkade.load("quirks", players=3).new_game(seed=1).view(0).to_json())
    >>> "PLANT niche" in text and "Your hand" in text
    True
    """
    game = view.get("game")
    if game == "quirks-solitaire":
        lines = _render_solitaire(view)
    elif game == "quirkling":
        lines = _render_quirkling(view)
    else:
        lines = _render_quirks(view)
    return "\n".join(line.rstrip() for line in lines)


def _why(view: dict[str, Any]) -> str | None:
    """The reason the game ended, as its last log line gives it."""
    for entry in reversed(view.get("log") or []):
        if isinstance(entry, dict) and entry.get("event") == "over":
            why = entry.get("why")
            return str(why) if why else None
    return None


def result_text(view: dict[str, Any], names: Sequence[str] | None = None) -> str:
    """Who won and why, in the rulebook's terms (a Quirks score is 1 for the winner, 0 else)."""
    game = view.get("game")
    why = _why(view)
    if game == "quirks-solitaire":
        climate = view["climate"]["name"].upper()
        if view.get("won"):
            total = sum(c["total"] for c in view.get("counted", []))
            return (f"{seat_name(0, names)} wins: the three QUiRKS total {total} in the {climate}, "
                    f"at least the {view['thresholds'][view['climate']['name']]} needed there.")
        reason = str(view.get("result") or why or "the game is lost")
        if reason[:1].isdigit():
            reason = f"the three QUiRKS counted {reason}"
        return f"{seat_name(0, names)} loses: {reason}."
    winners = view.get("winners") or []
    who = joined([seat_name(s, names) for s in winners])
    verb = "win" if len(winners) > 1 else "wins"
    if not winners:
        return "Nobody wins" + (f" ({why})." if why else ".")
    if game == "quirkling":
        if why == "turn limit reached":
            return (f"{who} {verb} at the turn limit, with the most kinds of QUIRKLING made "
                    "(the score is 1 for a winner, 0 for the others).")
        return f"{who} {verb}: the first to make a plant, a herbivore and a carnivore QUIRKLING."
    if why == "last player in the game":
        reason = "the only player left, every other one out after three extinctions"
    elif why == "turn limit reached":
        reason = ("the turn limit was reached, and they hold the most niches (an upper niche counts two, a lower "
                  "one; fewer extinctions break a tie)")
    else:
        reason = "their QUiRKS hold the three upper niches, and no lower QUiRKS dislodged them"
    return f"{who} {verb}: {reason}. (The score is 1 for the winner, 0 for the others.)"


# What each verb of the notation does, in the game's words, for the terminal's help.
VERBS: Final = {
    "setup": "make your lower QUiRKS from its A card and either the B card (setup b) or the C card (setup c)",
    "niche": "choose the niche to play in: niche plant, niche herbivore, niche carnivore",
    "redraw": "draw another destiny marker",
    "mutate": "change a card of a QUiRKS: mutate CARD (draw) or mutate CARD for HAND-CARD",
    "climate": "move the climate marker: climate 1 or climate 2",
    "place": "put a new QUiRKS from your hand into the niche: place CARD CARD [CARD]",
    "compete": "challenge the upper niche with your lower QUiRKS",
    "pass": "let a competition for your lower niche go",
    "accept": "accept the competition for your lower niche",
    "give-up": "give up the competition",
    "fight": "stay in the competition",
    "complete": "complete the challenger's QUiRKS: complete drawn, or complete CARD from your hand",
    "face-up": "compete face up", "face-down": "withdraw face down",
    "discard": "discard a card: discard CARD",
    "concede": "concede: your QUiRKS leaves the niche",
    "hold": "hold on: the adaptation potentials are counted",
    "roll": "the Intelligent Race: roll the die",
    "table": "the Intelligent Race: use the table",
    "continue": "a new action: draw a destiny marker for it (the advanced game: choose its niche)",
    "end": "end your turn",
    "challenge": "challenge an upper niche with your lower QUiRKS",
    "decline": "let the chance to challenge go",
    "replace": "replace a card: replace CARD",
    "count": "count a QUiRKS: count NICHE",
    "stop": "stop counting (the QUiRKS counted die out)",
    "ask": "ask a player for a card of a stack: ask SEAT STACK",
    "give": "give the card asked for: give CARD",
    "none": "say you have no card of the stack asked for",
    "draw": "draw a card: draw stack or draw discard",
    "make": "make a QUIRKLING from your hand: make CARD CARD CARD",
}
