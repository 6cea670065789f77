"""Cut-off evaluations for the search bot: how likely each seat is to win from a position, from
the rules' own measures of progress, so that a short playout carries information.

Each turns a progress per seat into shares of the win with a softmax: a seat well ahead gets
most of it, seats level share it. The sharpness says how many points make a lead decisive.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from quarkade.agents.base import Bot
from quarkade.agents.search import register_alternatives, register_belief, register_evaluator
from quarkade.core.game import Action, State, View


def shares(progress: Sequence[float], sharpness: float, out: Sequence[bool] = ()) -> list[float]:
    """Softmax shares of the win; a seat marked out gets none."""
    top = max(progress)
    weights = [0.0 if (out and out[seat]) else math.exp(sharpness * (value - top))
               for seat, value in enumerate(progress)]
    total = sum(weights) or 1.0
    return [weight / total for weight in weights]


@register_evaluator("quirky-quarks")
def quirky_quarks(state: State) -> list[float]:
    # Points (eV included) are the game's measure; a handful of points is about one Quest.
    # Crediting the Quests in hand at the heuristic's estimate of their points was measured
    # worse: the search then drew Quests it never completed.
    return shares(state.scores, 0.25)


@register_evaluator("quirks")
def quirks(state: State) -> list[float]:
    # The turn limit's own standing: an upper niche counts twice a lower one, extinctions count
    # against; holding all three uppers wins outright.
    from quarkade.games.quirks.board import LOWER, UPPER

    s: Any = state
    progress = []
    for seat in range(s.players):
        uppers = sum(s.controls(seat, n, UPPER) for n in range(3))
        lowers = sum(s.controls(seat, n, LOWER) for n in range(3))
        progress.append(2 * uppers + lowers - 0.5 * len(s.extinct[seat]))
    return shares(progress, 0.8, s.eliminated)


@register_evaluator("quirkling")
def quirkling(state: State) -> list[float]:
    # Three kinds of creature made win; the turn limit counts kinds, then creatures.
    from quarkade.games.quirks.board import NICHE_STACKS
    from quarkade.games.quirks.quirkling import CARDS

    s: Any = state
    progress = []
    for seat in range(s.players):
        kinds = {NICHE_STACKS.index(tuple(CARDS[c].stack for c in made)) for made in s.made[seat]}
        progress.append(len(kinds) + 0.25 * len(s.made[seat]))
    return shares(progress, 1.5)


@register_evaluator("qwarks")
def qwarks(state: State) -> list[float]:
    # Kept cards' values are the score; a card is worth a few points, so a lead of two or three
    # cards is near decisive.
    return shares(state.scores, 0.3)


@register_alternatives("qwarks")
def qwarks_moves(view: View, advice: Action, legal: list[Action]) -> list[Action]:
    # A cover is weighed against covering each other revealed card at the heuristic's own
    # reaction time: the search chooses the card, never a quicker hand than a player's (the
    # listed covers start at 0 ms). An answer stands: the search's determinizations do not know
    # the covered card, which only the bot's memory holds. The question is searched as listed.
    from quarkade.games.qwarks.actions import Ask, Cover

    if isinstance(advice, Cover):
        decks = [entry["deck"] for entry in view["revealed"] if entry["card"] is not None]
        return [advice, *(Cover(deck, advice.after) for deck in decks if deck != advice.deck)]
    if isinstance(advice, Ask):
        return legal
    return [advice]


@register_belief("qwarks")
def qwarks_sealed_covers(state: State, seat: int, guide: Bot) -> None:
    # A seat that covered before the searching one is taken to have reached as the heuristic
    # would (the sampler's uniform draw had it reach late and anywhere, so the search followed
    # the others to the best card and lost the race).
    from quarkade.games.qwarks.actions import Cover

    s: Any = state
    if state.to_act and state.view(seat)["phase"] == "cover":
        for other in range(s.players):
            if other != seat and s.ready[other]:
                action = guide.choose(state.view(other), [])
                s.covers[other] = (action.deck, action.after) if isinstance(action, Cover) else None


@register_evaluator("cosmic-encounter")
def cosmic_encounter(state: State) -> list[float]:
    # The race is to five foreign bases (scores stay 0 until someone wins); one more base is a
    # large step, the last ones larger still as the win comes near.
    from quarkade.games.cosmic_encounter.components import WIN_BASES

    s: Any = state
    progress = [s.foreign_bases(seat) for seat in range(s.players)]
    return shares([float(bases) + (1.0 if bases == WIN_BASES - 1 else 0.0) for bases in progress], 1.0)
