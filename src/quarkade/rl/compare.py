"""OpenSpiel's IS-MCTS against Quarkade's own, on a Quarkade game through ``rl.spiel``.

``python -m quarkade.rl.compare quirky-quarks 2 --budget 0.05 --games 8`` measures each search's
simulations a second (CPU time, on the same seeded positions), gives each the simulations that
fit in ``budget`` CPU seconds a move, then plays ``games`` games between them, seats alternating,
and prints Quarkade's share of the wins. OpenSpiel's bot plays out to the end with random
rollouts (its ``RandomRolloutEvaluator``); Quarkade's cuts its playouts at 40 steps. A game whose
bots may choose a legal action the game does not list (Qwarks' timed covers) cannot be played
this way: OpenSpiel's side knows the listed actions only.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts

import quarkade
from quarkade.agents.search import SearchBot
from quarkade.rl.spiel import QuarkadeSpielGame, QuarkadeSpielState, load_game


def _spiel_bot(game: QuarkadeSpielGame, seed: int, simulations: int) -> Any:
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed))
    return ismcts.ISMCTSBot(game, evaluator, 2.0, max_simulations=simulations,
                            random_state=np.random.RandomState(seed))


def _positions(game: QuarkadeSpielGame, count: int) -> list[QuarkadeSpielState]:
    rng = np.random.default_rng(1)
    found = []
    for seed in range(count):
        state = game.new_initial_state()
        state.apply_action(seed)
        for _ in range(int(rng.integers(0, 40))):
            if state.is_terminal():
                break
            state.apply_action(int(rng.choice(state.legal_actions())))
        if not state.is_terminal() and len(state.legal_actions()) > 1:
            found.append(state)
    return found


def rates(game: QuarkadeSpielGame, deals: int = 12, spiel_simulations: int = 30,
          our_iterations: int = 200) -> tuple[float, float, float]:
    """Per CPU second: Quarkade's IS-MCTS simulations (playouts) and iterations (as the bot
    counts them: a move compared with the heuristic's plays two playouts an iteration, ``paired``,
    and a move that stands alone none), and OpenSpiel's ISMCTS simulations; at a position of each
    of ``deals`` deals, each search given the simulations or iterations named."""
    positions = _positions(game, deals)
    started = time.process_time()
    for state in positions:
        _spiel_bot(game, 0, spiel_simulations).step(state)
    spiel = spiel_simulations * len(positions) / (time.process_time() - started)
    ours = SearchBot(game.quarkade_game, 0, iterations=our_iterations)
    started = time.process_time()
    for state in positions:
        position = state.quarkade_state
        assert position is not None
        seat = position.to_act[0]
        ours.choose(position.view(seat), position.legal_actions(seat))
    spent = time.process_time() - started
    return ours.simulations / spent, ours.searched / spent, spiel


def match(game: QuarkadeSpielGame, our_iterations: int, spiel_simulations: int, games: int) -> float:
    """Quarkade's share of the wins over ``games`` games, seats alternating."""
    players = game.num_players()
    won = 0.0
    for number in range(games):
        our_seat = number % players
        ours = SearchBot(game.quarkade_game, number, iterations=our_iterations)
        theirs = _spiel_bot(game, number, spiel_simulations)
        state = game.new_initial_state()
        state.apply_action(1000 + number)
        while not state.is_terminal():
            position = state.quarkade_state
            assert position is not None
            seat = position.to_act[0]
            if seat == our_seat:
                chosen = ours.choose(position.view(seat), position.legal_actions(seat))
                action = next((i for i, a in game.table.legal(position, seat).items() if a == chosen), None)
                if action is None:
                    # Qwarks' bots time their own cover, between the times the game lists.
                    raise ValueError(f"Quarkade's IS-MCTS chose {chosen}, legal but not one of the listed actions, "
                                     f"so it has no action id: {game.quarkade_game.id} cannot be compared this way")
            else:
                action = theirs.step(state)
            state.apply_action(action)
        won += state.returns()[our_seat]
        print(f"game {number}: Quarkade's IS-MCTS at seat {our_seat} scores {state.returns()[our_seat]}", flush=True)
    return won / games


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="OpenSpiel's IS-MCTS against Quarkade's, at equal CPU time.")
    parser.add_argument("game")
    parser.add_argument("players", type=int)
    parser.add_argument("--budget", type=float, default=0.05, help="CPU seconds a move")
    parser.add_argument("--games", type=int, default=8)
    args = parser.parse_args(argv)
    game = load_game(quarkade.load(args.game, players=args.players))
    ours, iterations, spiel = rates(game)
    print(f"simulations per CPU second: Quarkade IS-MCTS {ours:.0f}, OpenSpiel ISMCTS {spiel:.0f} "
          f"({ours / spiel:.1f}x)")
    # OpenSpiel's ISMCTS needs two simulations to have visited its root at all.
    our_iterations, spiel_simulations = max(1, round(iterations * args.budget)), max(2, round(spiel * args.budget))
    print(f"{args.budget} s a move: Quarkade {our_iterations} iterations, OpenSpiel {spiel_simulations} simulations")
    share = match(game, our_iterations, spiel_simulations, args.games)
    print(f"Quarkade IS-MCTS's share of the wins against OpenSpiel ISMCTS: {share:.2f} over {args.games} games")


if __name__ == "__main__":
    main()
