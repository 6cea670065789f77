"""Quirks Solitaire's fast paths give what the plain computations give: the solitaire bot's
module-level caches never change a choice, the action's moves from tables are the moves the
rules list, and the hand (a lazy part of the view) is the hand of the moment the view was made."""

from __future__ import annotations

from typing import Any

import quarkade
from quarkade.core.game import Action, View
from quarkade.games.quirks import solitaire as rules
from quarkade.games.quirks.actions import Verb
from quarkade.games.quirks.board import stack_for
from quarkade.games.quirks.bot import solitaire as bot_module
from quarkade.games.quirks.bot import solitaire_group as group_module
from quarkade.games.quirks.components import COMPONENTS, STACKS
from quarkade.games.quirks.moves import move
from quarkade.games.quirks.views import HAND_ORDER, cards_json
from quarkade.tools.match import make_bots


def _forget() -> None:
    for cache in (group_module._GUESSES, group_module._HELD_GUESSES, group_module._CHANCES,
                  group_module._REACH, group_module._PARTS, group_module._READ, group_module._DRAWN,
                  group_module._BY_STACK, bot_module._MUTATIONS):
        cache.clear()


def _play(options: dict[str, Any], seed: int, forget: bool) -> list[str]:
    """A game's moves, the bot's caches (and its reading of the last view) emptied before
    every choice or kept."""
    game = quarkade.load("quirks-solitaire", **options)
    bot = make_bots(game, ["heuristic"], seed)[0]
    assert isinstance(bot, bot_module.SolitaireHeuristic)
    state = game.new_game(seed)
    played: list[str] = []
    while not state.is_over:
        if forget:
            _forget()
            bot.reading = group_module.Reading()
        action: Action = bot.choose(state.view(0), state.legal_actions(0))
        played.append(str(action))
        state.apply(0, action)
    return played


def test_the_bots_caches_never_change_a_choice() -> None:
    options: dict[str, Any]
    for options in ({}, {"random_mutation": True}):
        for seed in range(3):
            _forget()
            kept = _play(options, seed, forget=False)
            assert kept == _play(options, seed, forget=True), (options, seed)


def test_the_potential_kept_is_the_potential_worked_out_afresh() -> None:
    """_REACH keeps a group's potential by what it holds of each stack and which stacks have
    cards left (not by the group and the hand, which an exchange changes): at every decision of
    seeded games, the sums found are those worked out anew, and some are found again."""
    options: dict[str, Any]
    found_again = 0
    for options in ({}, {"random_mutation": True}):
        game = quarkade.load("quirks-solitaire", **options)
        for seed in range(3):
            bot = make_bots(game, ["heuristic"], seed)[0]
            state = game.new_game(seed)
            while not state.is_over:
                view = state.view(0)
                kept = group_module.Group(view)
                reading = kept._read_stacks()
                found_again += (reading.positions, kept.by_stack, reading.stocked) in group_module._REACH
                reach = kept._reach()
                group_module._REACH.clear()
                group_module._PARTS.clear()
                assert reach == group_module.Group(view)._reach(), (options, seed)
                action = bot.choose(view, state.legal_actions(0))
                state.apply(0, action)
    assert found_again


def test_an_actions_moves_are_the_mutations_the_rules_allow() -> None:
    game = quarkade.load("quirks-solitaire")
    checked = 0
    for seed in range(4):
        bot = make_bots(game, ["heuristic"], seed)[0]
        state = game.new_game(seed)
        assert isinstance(state, rules.SolitaireState)
        while not state.is_over:
            legal = state.legal_actions(0)
            if state.stage is rules.Stage.ACTION:
                # Each card of the destined QUiRKS: discard and draw, or each card of hand of
                # the stack it is replaced from, the hand in its order of index.
                niche = state.niche
                wanted = []
                for card in state.quirks[niche]:
                    wanted.append(move(Verb.MUTATE, card))
                    stack = stack_for(niche, COMPONENTS.cards[card].row)
                    wanted += [move(Verb.MUTATE, card, other) for other in sorted(state.hand)
                               if COMPONENTS.cards[other].stack == stack]
                assert legal == [*wanted, *rules.COUNTS]
                checked += 1
            state.apply(0, bot.choose(state.view(0), legal))
    assert checked > 20


def test_the_hand_of_a_view_is_the_hand_when_it_was_made() -> None:
    game = quarkade.load("quirks-solitaire")
    bot = make_bots(game, ["heuristic"], 5)[0]
    state = game.new_game(5)
    assert isinstance(state, rules.SolitaireState)
    views: list[tuple[View, list[dict[str, Any]]]] = []
    while not state.is_over:
        wanted = cards_json(sorted(state.hand, key=HAND_ORDER.__getitem__), state.table)
        views.append((state.view(0), wanted))
        state.apply(0, bot.choose(state.view(0), state.legal_actions(0)))
    changed = sum(view["hand"] != views[-1][0]["hand"] for view, _ in views)
    assert changed > 0  # the hand did change during the game: the check below can fail
    for view, wanted in views:
        assert view["hand"] == wanted
    assert "hand" not in game.new_game(5).view(None)  # a spectator sees no hand


def test_the_stacks_of_a_view_are_the_stacks_when_it_was_made() -> None:
    """The stacks are a lazy part made from the sizes taken with the view: made after the game
    moved on, they show the piles of the view's moment, built here from the state directly."""
    options: dict[str, Any]
    for options in ({}, {"random_mutation": True}):
        game = quarkade.load("quirks-solitaire", **options)
        bot = make_bots(game, ["heuristic"], 4)[0]
        state = game.new_game(4)
        assert isinstance(state, rules.SolitaireState)
        views: list[tuple[View, dict[str, Any]]] = []
        while not state.is_over:
            wanted = {name: {"cards": len(deck.cards), "discarded": [COMPONENTS.cards[c].number for c in deck.discards]}
                      for name, deck in zip(STACKS, state.stacks, strict=True)}
            views.append((state.view(0), wanted))
            state.apply(0, bot.choose(state.view(0), state.legal_actions(0)))
        last = views[-1][1]
        assert sum(wanted != last for _, wanted in views) > 10  # the piles did change: the check can fail
        for view, wanted in views:
            assert view["stacks"] == wanted
