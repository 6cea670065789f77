"""Cut-off evaluations for the search bot: how likely each seat is to win from a position, from
the rules' own measures of progress, so that a short playout carries information.

Each turns a progress per seat into shares of the win with a softmax: a seat well ahead gets
most of it, seats level share it. The sharpness says how many points make a lead decisive.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from functools import cache
from typing import Any

from quarkade.agents.base import Bot
from quarkade.agents.search_hooks import (
    Sampler,
    register_alternatives,
    register_belief,
    register_evaluator,
    register_sampler,
    register_stop,
)
from quarkade.core.game import Action, State, View
from quarkade.core.memo import Memo


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


# Each seat's weight of the win in Quirks, fitted (softmax regression) on positions of games
# the heuristic bots played against each other, by the number of players (four use three's).
# A niche counts little and an extinction much: over half of these games end with one player
# left, and a seat with two extinctions is one lost count from elimination. An upper niche
# with weak QUiRKS is more a target than a lead: the strength of a seat's QUiRKS (their mean
# card values over the climates) counts beside the niches held.
QUIRKS_WEIGHTS = {  # upper, lower, one extinction, two, to act, upper strength, lower strength
    2: (-0.88, -0.21, -0.52, -1.33, 0.07, 1.88, 0.74),
    3: (0.29, 0.03, -0.44, -1.17, 0.09, 0.0, 0.0),
}


@register_evaluator("quirks")
def quirks(state: State) -> list[float]:
    from quarkade.games.quirks.board import UPPER

    s: Any = state
    upper, lower, extinct_one, extinct_two, acting, upper_strength, lower_strength = \
        QUIRKS_WEIGHTS[min(s.players, 3)]
    values = s.table.values
    utility = [0.0] * s.players
    for slot, owner in enumerate(s.owners):
        if owner >= 0:
            # A card's values over the five climates sum to about five times its mean.
            strength = sum(sum(values[card]) for card in s.slots[slot]) / 50
            if slot % 2 == UPPER:  # a slot is niche * 2 + level
                utility[owner] += upper + upper_strength * strength
            else:
                utility[owner] += lower + lower_strength * strength
    for seat in range(s.players):
        extinctions = len(s.extinct[seat])
        utility[seat] += extinct_one * (extinctions == 1) + extinct_two * (extinctions >= 2)
    utility[s.current] += acting
    return shares(utility, 1.0, s.eliminated)


@register_belief("quirks")
def quirks_sealed_faces(state: State, seat: int, guide: Bot) -> None:
    # The sampler deals another challenger's hidden third card at random from its stack and the
    # other side's sealed face at even odds; the heuristic completes with the better of the
    # drawn card and its hand, and shows its face by its chances. Both are redrawn so: a
    # challenger looked weaker than it is, and a beaten one as likely to stay as to withdraw.
    from quarkade.games.quirks.actions import Move, Verb
    from quarkade.games.quirks.board import CARDS, LOWER, Stage, slot_of

    s: Any = state
    contest = s.contest
    if contest is None or contest.sealed is None or contest.faces or s.stage is not Stage.UPPER_SEALED:
        return
    attacker = contest.attacker
    if attacker != seat and contest.kind == "upper":
        climate = s.climate // 6
        values = s.table.values
        lower = s.slots[slot_of(contest.niche, LOWER)]
        third = next((card for card in contest.attacker_cards if card not in lower), None)
        hand = s.hands[attacker]
        if third is not None:
            stack = CARDS[third].stack
            best = max((card for card in hand if CARDS[card].stack == stack),
                       key=lambda card: values[card][climate], default=None)
            if best is not None and values[best][climate] > values[third][climate]:
                hand[hand.index(best)] = third
                contest.attacker_cards = tuple(sorted((best if card == third else card for card in
                                                       contest.attacker_cards),
                                                      key=lambda card: CARDS[card].row))
    faces: list[Action] = [Move(Verb.FACE_UP), Move(Verb.FACE_DOWN)]
    for other, ready in list(contest.sealed.ready.items()):
        if other != seat and ready:
            # Its view as it was when it chose: its own choice not yet made.
            kept = contest.sealed.choices[other]
            contest.sealed.choices[other], contest.sealed.ready[other] = [], False
            choice = guide.choose(state.view(other), faces)
            contest.sealed.choices[other], contest.sealed.ready[other] = kept, True
            if isinstance(choice, Move) and choice.verb in (Verb.FACE_UP, Verb.FACE_DOWN):
                contest.sealed.choices[other] = [choice.verb.value]


@register_evaluator("quirkling")
def quirkling(state: State) -> list[float]:
    # Three kinds of creature made win: kinds made, and how near the hand is to those lacking in
    # the climates to come (kinds made alone seldom change within a playout).
    from quarkade.agents.quirkling_search import progress

    return shares(progress(state), 1.0)


@register_sampler("quirkling")
def quirkling_sampler() -> Sampler:
    # The public requests tell which stacks the others hold or lack.
    from quarkade.agents.quirkling_search import Sampler as QuirklingSampler

    return QuirklingSampler()


# Head to head, the spread (standard deviation) of the score difference one Qwarks turn adds
# between two heuristic bots, measured over 3,300 turns of their games (about 12 over a game).
QWARKS_TURN_SPREAD = 3.7


# With three players or more, the variance a seat's score gains a turn about the table's (its
# share of the cards won in races and kept by answers), measured over 200 to 300 games of
# heuristic bots at each of 3, 4, 5 and 6 players: about 3 points² a turn at each count.
QWARKS_SEAT_TURN_VARIANCE = 3.0
# A standard normal's expectation taken at these points with these weights (Gauss–Hermite, six
# points, the probabilists' kind, weights scaled to sum to 1): exact for polynomials to degree 11,
# and within a few thousandths of ten points' chances here, at half their cost (the evaluation
# runs once a playout).
_NORMAL_POINTS = (-3.324257433552119, -1.8891758777537107, -0.6167065901925941, 0.6167065901925941,
                  1.8891758777537107, 3.324257433552119)
_NORMAL_WEIGHTS = (0.0025557844020562483, 0.0886157460419145, 0.4088284695560292, 0.4088284695560292,
                   0.0886157460419145, 0.0025557844020562483)


# The Qwarks evaluations worked out, by all they read: the scores, the cards left in a deck and
# the answers still to give. A search's playouts end in few of them (the revealed cards are the
# view's, only the decks are redrawn), so most are found here: they were a third of its time.
_QWARKS_EVALUATIONS: Memo[tuple[tuple[int, ...], int, tuple[tuple[int, float, float], ...]], list[float]] = Memo(
    limit=4096)


@register_evaluator("qwarks")
def qwarks(state: State) -> list[float]:
    # Kept cards' values are the score, with the answers still to give this turn at the chance
    # the heuristic's memory gives them, and the turns still to play as a spread: a lead counts
    # for more as the end nears.
    s: Any = state
    key = (tuple(s.scores), len(s.decks[0]), tuple(qwarks_answers_to_give(s)))
    known = _QWARKS_EVALUATIONS.get(key)
    if known is None:
        known = _QWARKS_EVALUATIONS.keep(key, (qwarks_head_to_head if s.players == 2 else qwarks_table)(*key))
    return list(known)


@cache
def _qwarks_parts() -> tuple[Any, dict[str, tuple[tuple[float, ...], ...]], tuple[float, ...]]:
    """What the Qwarks entries read of the game, imported once (not at this module's import:
    ``quarkade.agents`` loads no game): the answer phase, the heuristic's recall chances by
    question and identification, and each card's value."""
    from quarkade.games.qwarks.bot import RECALL_CHANCE
    from quarkade.games.qwarks.rules import CARD_VALUES, Phase

    return Phase.ANSWER, RECALL_CHANCE["normal"], tuple(float(value) for value in CARD_VALUES)


def qwarks_answers_to_give(s: Any) -> list[tuple[int, float, float]]:
    """This turn's answers still to give: (seat, the card's value, the chance the heuristic's
    memory gives a right answer)."""
    answer, recall_chance, values = _qwarks_parts()
    if s.phase is not answer:
        return []
    recall = recall_chance[s.question.word][not s.beginners]
    revealed, holder = s.revealed, s.holder
    return [(seat, values[card], recall[card]) for seat in s.order[s.answered:]
            for card in (revealed[holder.index(seat)],)]


def qwarks_table(scores: Sequence[int], turns: int, answers: Iterable[tuple[int, float, float]]) -> list[float]:
    """Each seat's chance to win a game of three players or more: its final score taken as normal
    about its score with the ``answers`` still to give (``qwarks_answers_to_give``) at their
    chance, spread by those answers and by the ``turns`` still to play (a card left in a deck
    each; ``QWARKS_SEAT_TURN_VARIANCE`` a turn), independently of the others'.
    A seat wins where its score is above every other's: the chance that it is, integrated over its
    own score. (A scaled softmax of the scores, before, weighed a lead alike on the first turn
    and the last.)"""
    players = len(scores)
    means = [float(score) for score in scores]
    variances = [QWARKS_SEAT_TURN_VARIANCE * turns] * players
    for seat, value, right in answers:
        means[seat] += value * right
        variances[seat] += value * value * right * (1 - right)
    # A score already settled is a step (a tie at the end shares the win: one half a rival).
    spreads = [math.sqrt(variance) or 1e-9 for variance in variances]
    # Each rival's mean and 1/(√2σ), as erf takes it; a rival's chance to be below, (1 + erf)/2,
    # is kept doubled, a factor every seat shares that the shares below take out.
    rivals = [(mean, 1 / (spread * math.sqrt(2))) for mean, spread in zip(means, spreads, strict=True)]
    erf = math.erf
    chances = []
    for seat in range(players):
        others = rivals[:seat] + rivals[seat + 1:]
        mean, spread = means[seat], spreads[seat]
        chance = 0.0
        for point, weight in zip(_NORMAL_POINTS, _NORMAL_WEIGHTS, strict=True):
            score = mean + spread * point
            for rival, scale in others:
                weight *= 1 + erf((score - rival) * scale)
            chance += weight
        chances.append(chance)
    total = sum(chances) or 1.0
    return [chance / total for chance in chances]


def qwarks_head_to_head(scores: Sequence[int], turns: int, answers: Iterable[tuple[int, float, float]]) -> list[float]:
    """Each seat's chance to win a two-player game: the ``answers`` still to give count at the
    chance the heuristic's memory gives them, and the ``turns`` still to play as a normal spread
    of the difference (a lead counts more as the end comes near: head to head the search's gain
    is a point or so a turn, which a softmax of the scores drowned once either seat led)."""
    outcomes = [(1.0, float(scores[0] - scores[1]))]  # (chance, seat 0's lead)
    for seat, value, right in answers:
        gain = value if seat == 0 else -value
        outcomes = [branch for chance, lead in outcomes
                    for branch in ((chance * right, lead + gain), (chance * (1 - right), lead))]
    spread = QWARKS_TURN_SPREAD * math.sqrt(turns)
    first = 0.0
    for chance, lead in outcomes:
        if spread:
            first += chance * 0.5 * (1 + math.erf(lead / (spread * math.sqrt(2))))
        else:  # the last turn: a tie shares the win
            first += chance * (1.0 if lead > 0 else 0.5 if lead == 0 else 0.0)
    return [first, 1 - first]


@register_stop("qwarks")
def qwarks_race_resolved(state: State) -> bool:
    # A playout stops once its race is settled (a race may take rounds, as beaten hands cover
    # again): the evaluator credits the answers at their chance, and head to head the turns
    # after it at their spread (the search's choice is the card).
    s: Any = state
    return bool(s.phase is _qwarks_parts()[0])


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

    # A hand still in the air after others landed lands no sooner than the last of them.
    s: Any = state
    if state.to_act and state.view(seat)["phase"] == "cover":
        landed = max((ms for _, _, ms, got in s.reaches if got), default=0)
        for other in range(s.players):
            if other != seat and s.ready[other] and not s.done[other]:
                action = guide.choose(state.view(other), [])
                s.covers[other] = (action.deck, max(action.after, landed)) if isinstance(action, Cover) else None


@register_evaluator("cosmic-encounter")
def cosmic_encounter(state: State) -> list[float]:
    # The race is to five foreign bases (scores stay 0 until someone wins); one more base is a
    # large step, the last ones larger still as the win comes near.
    from quarkade.games.cosmic_encounter.components import WIN_BASES

    s: Any = state
    progress = [s.foreign_bases(seat) for seat in range(s.players)]
    return shares([float(bases) + (1.0 if bases == WIN_BASES - 1 else 0.0) for bases in progress], 1.0)
