"""Quirky Circuits actions and their notation.

Notation, one action a line (card names as in ``components.KIND_IDS``, ``quirk-`` before a
Quirk card's)::

    play move-2 | play quirk-rotate-180    play a card of that name from your hand to the queue
    done                                   free play: you are done playing cards this round;
                                           pacing: end your turn after playing cards
    pass                                   pacing: end your turn without playing a card
    stop                                   hands flat: the group should stop playing cards
    beep                                   "Beep-boop."
"""

from __future__ import annotations

from dataclasses import dataclass

from quarkade.core.errors import InvalidNotation
from quarkade.core.game import Action, parse_words
from quarkade.games.quirky_circuits.components import CARD_BY_ID, CARD_TYPES, card_id


@dataclass(frozen=True, slots=True)
class Play(Action):
    card: int  # a card type: see components.card_id

    def __str__(self) -> str:
        return f"play {card_id(self.card)}"


@dataclass(frozen=True, slots=True)
class Signal(Action):
    """``done``, ``pass``, ``stop`` or ``beep``: the only things players may tell each other."""

    word: str

    def __str__(self) -> str:
        return self.word


PLAYS = tuple(Play(card) for card in range(CARD_TYPES))
DONE, PASS, STOP, BEEP = Signal("done"), Signal("pass"), Signal("stop"), Signal("beep")
SIGNALS = {signal.word: signal for signal in (DONE, PASS, STOP, BEEP)}


def parse(text: str) -> Action:
    """Notation to an action (legality is checked when it is applied).

    >>> str(parse("Play Quirk-Move-3"))
    'play quirk-move-3'
    """
    words = parse_words(text, "quirky-circuits")
    if len(words) == 1 and words[0] in SIGNALS:
        return SIGNALS[words[0]]
    if words[0] == "play" and len(words) == 2:
        if words[1] not in CARD_BY_ID:
            raise InvalidNotation(f"there is no card {words[1]!r} (cards: {', '.join(CARD_BY_ID)})")
        return PLAYS[CARD_BY_ID[words[1]]]
    raise InvalidNotation(
        f"{text.strip()!r} is not a Quirky Circuits action: try 'play move-2', done, pass, stop or beep"
    )
