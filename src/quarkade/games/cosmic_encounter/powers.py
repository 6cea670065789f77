"""Alien powers: each a small class that overrides the hooks it needs.

The engine calls the hooks of a seat's power at named timing points (the names below); a
power is active unless it was zapped this challenge (``CosmicState.power_of``). Descriptions
are the project's own wording of the classic powers.

Timing points:

``token_value``      each of the seat's tokens counts this much in a challenge total
``max_commit``       the most tokens the seat may put in the cone or commit as an ally
``main_total``       the seat's total as a main player, from its card and its own tokens
``lower_wins``       as a main player: the lower total wins the challenge
``compromise_wins``  as a main player: its Compromise beats an Attack
``keeps_card``       its challenge card returns to its hand after the challenge
``draw_to``          as a main player, it draws up to this many cards when the challenge starts
``sees_hand``        as a main player, it sees the opponent's hand before cards are played
``plays_last``       as a main player, the opponent plays its card first, face up
``opponent_random``  as a main player, the opponent's card is taken at random
``may_trade``        as a main player, it may swap hands with the opponent before cards
``tokens_return``    its tokens that would go to the warp return to its bases instead
``removes_losers``   as the winning main player, the losers' tokens leave the game

``at_outcome`` says that a main player's power still acts once the cards are revealed (so
Cosmic Zap may cancel it at the reveal window, ``edicts.py``). Each power's flare, with its
Wild and Super texts, is in ``flares.py``.
"""

from __future__ import annotations

from typing import ClassVar


class Power:
    name: ClassVar[str] = ""
    text: ClassVar[str] = ""

    token_value: ClassVar[int] = 1
    max_commit: ClassVar[int] = 4
    lower_wins: ClassVar[bool] = False
    compromise_wins: ClassVar[bool] = False
    keeps_card: ClassVar[bool] = False
    draw_to: ClassVar[int] = 0
    sees_hand: ClassVar[bool] = False
    plays_last: ClassVar[bool] = False
    opponent_random: ClassVar[bool] = False
    may_trade: ClassVar[bool] = False
    tokens_return: ClassVar[bool] = False
    removes_losers: ClassVar[bool] = False
    at_outcome: ClassVar[bool] = False

    @staticmethod
    def main_total(card_value: int, tokens: int) -> int:
        return card_value + tokens


class Macron(Power):
    name = "macron"
    text = ("Each of your tokens counts four in a challenge total, but you may put only one "
            "token in the cone or commit only one as an ally.")
    at_outcome = True
    token_value = 4
    max_commit = 1


class Zombie(Power):
    name = "zombie"
    text = "Your tokens never go to the warp: tokens you would lose return to your bases."
    at_outcome = True
    tokens_return = True


class Laser(Power):
    name = "laser"
    text = ("As a main player, your opponent cannot choose a challenge card: one is taken at "
            "random from its challenge cards.")
    opponent_random = True


class Mind(Power):
    name = "mind"
    text = "As a main player, you see your opponent's hand before challenge cards are played."
    sees_hand = True


class AntiMatter(Power):
    name = "anti-matter"
    text = "As a main player, the lower total wins the challenge (ties still go to the defence)."
    at_outcome = True
    lower_wins = True


class Virus(Power):
    name = "virus"
    text = ("As a main player with an Attack card, your card's value is multiplied by your own "
            "tokens instead of added to them; allies' tokens are added as usual.")
    at_outcome = True

    @staticmethod
    def main_total(card_value: int, tokens: int) -> int:
        return card_value * tokens


class Trader(Power):
    name = "trader"
    text = "As a main player, you may swap hands with your opponent before challenge cards are played."
    may_trade = True


class Oracle(Power):
    name = "oracle"
    text = "As a main player, your opponent plays its challenge card first, face up; then you choose yours."
    plays_last = True


class Clone(Power):
    name = "clone"
    text = "After a challenge, your challenge card returns to your hand instead of the discard pile."
    at_outcome = True
    keeps_card = True


class Mutant(Power):
    name = "mutant"
    text = "When a challenge starts in which you are a main player, you draw until you hold eight cards."
    draw_to = 8


class Void(Power):
    name = "void"
    text = ("When you win a challenge as a main player, the tokens the losers lose leave the "
            "game instead of going to the warp.")
    at_outcome = True
    removes_losers = True


class Pacifist(Power):
    name = "pacifist"
    text = "As a main player, your Compromise card beats your opponent's Attack card."
    at_outcome = True
    compromise_wins = True


POWERS: tuple[type[Power], ...] = (Macron, Zombie, Laser, Mind, AntiMatter, Virus, Trader, Oracle,
                                   Clone, Mutant, Void, Pacifist)
NO_POWER = Power
POWER_NAMES = tuple(p.name for p in POWERS)
