"""Train a small policy with PPO on Quirky Quarks (2 players) against random play, on CPU.

Run ``python examples/train_ppo.py`` (needs the ``rl`` extra). It prints the learning curve: the
policy's win rate against the random bot, measured on fresh seeded games before training and
after each round of updates, and ends with a final evaluation: random play and the trained policy
each play ``FINAL_EVALUATION_FACTOR`` times as many fresh games (the same seeds for both), and the
policy beats random play only when the Wilson 95% interval of its win rate lies wholly above random
play's (a few games cannot show it, and the verdict says so). With
``--save policy.npz`` it keeps the trained policy, which ``PolicyBot`` plays in a tournament
against Quarkade's own bots, on any backend (run from this folder, or with it on PYTHONPATH)::

    python examples/train_ppo.py --save policy.npz
    cd examples && quarkade tournament quirky-quarks --players 2 --games 50 --backend ray \
        --bots ppo=train_ppo:PolicyBot:policy=../policy.npz,heuristic,random

The environment is ``quarkade.rl.gymnasium_env`` (seat 0 against a random bot) by default;
``--env pettingzoo`` trains through ``quarkade.rl.pettingzoo_env`` instead, in self-play: the
policy plays both seats of the AEC environment and learns from both, and its curve is measured in
the same environment, seat 0 against random play. Either way, observations are the seat's
one-hot and its hashed view, actions the game's action ids under the legal-action mask.

Why PPO is written here in numpy rather than taken from a library: the well-kept PPO libraries
(Stable-Baselines3 with sb3-contrib's MaskablePPO, CleanRL, TorchRL) all need PyTorch, and the
only PyTorch on the package index this project installs from is the CUDA build: a 550 MB wheel
that pulls several gigabytes of CUDA libraries, far too heavy for CI. The policy here is small
enough for numpy: masked softmax logits linear in the observation, a linear value baseline, the
clipped PPO objective, and Adam; its gradients are written out by hand (about 60 lines).
"""

from __future__ import annotations

import argparse
import os
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from quarkade.agents.base import Bot
from quarkade.core.game import Action, Game, View
from quarkade.rl import gymnasium_env, pettingzoo_env
from quarkade.rl.aec import QuarkadeAECEnv
from quarkade.rl.encoding import ViewEncoder, action_table
from quarkade.rl.single_agent import QuarkadeGymEnv
from quarkade.tools.intervals import wilson_interval

GAME, PLAYERS = "quirky-quarks", 2
EVALUATION_SEED = 1_000_000  # the learning curve's games, never seen in training
FINAL_EVALUATION_SEED = 2_000_000  # the final evaluation's, seen by neither
FINAL_EVALUATION_FACTOR = 4  # the final evaluation plays this many times the curve's games

Array = npt.NDArray[np.float64]


class Adam:
    """Adam steps for a list of arrays, ascending the objective."""

    def __init__(self, params: list[Array], rate: float) -> None:
        self.params, self.rate = params, rate
        self.m = [np.zeros_like(p) for p in params]
        self.v = [np.zeros_like(p) for p in params]
        self.t = 0

    def step(self, grads: list[Array]) -> None:
        self.t += 1
        for p, g, m, v in zip(self.params, grads, self.m, self.v, strict=True):
            m *= 0.9
            m += 0.1 * g
            v *= 0.999
            v += 0.001 * g * g
            p += self.rate * (m / (1 - 0.9**self.t)) / (np.sqrt(v / (1 - 0.999**self.t)) + 1e-8)


@dataclass
class Policy:
    """Masked softmax over action ids, logits linear in the observation; a linear value."""

    size: int
    actions: int
    rng: np.random.Generator
    weights: Array = field(init=False)
    bias: Array = field(init=False)
    value_weights: Array = field(init=False)
    value_bias: Array = field(init=False)

    def __post_init__(self) -> None:
        self.weights = np.zeros((self.size, self.actions))
        self.bias = np.zeros(self.actions)
        self.value_weights = np.zeros(self.size)
        self.value_bias = np.zeros(1)

    def probabilities(self, observations: Array, masks: Array) -> Array:
        logits = observations @ self.weights + self.bias
        logits = np.where(masks > 0, logits, -np.inf)
        logits -= logits.max(axis=-1, keepdims=True)
        exp = np.exp(logits)
        result: Array = exp / exp.sum(axis=-1, keepdims=True)
        return result

    def value(self, observations: Array) -> Array:
        result: Array = observations @ self.value_weights + self.value_bias[0]
        return result

    def act(self, observation: dict[str, Any]) -> tuple[int, float]:
        # Only the observation's nonzero features and the legal actions matter: a view touches
        # about a hundred of the features and a decision offers a few of the ids, so the
        # product is tiny and stays off BLAS (whose threads crawl on a busy machine).
        features = observation["observation"].astype(np.float64)
        present = np.flatnonzero(features)
        legal = np.flatnonzero(observation["action_mask"])
        logits = features[present] @ self.weights[np.ix_(present, legal)] + self.bias[legal]
        exp = np.exp(logits - logits.max())
        probabilities = exp / exp.sum()
        choice = int(self.rng.choice(len(legal), p=probabilities))
        return int(legal[choice]), float(probabilities[choice])


def save(policy: Policy, path: str) -> None:
    """The policy's arrays, with the game they were trained on, in one ``.npz`` file."""
    np.savez(path, game=GAME, players=PLAYERS, weights=policy.weights, bias=policy.bias)


class PolicyBot(Bot):
    """A trained policy as a Quarkade bot: ``train_ppo:PolicyBot:policy=FILE`` (a file written
    by ``--save``), playing the legal action it rates highest (``greedy=false``: drawn by its
    probability). It sees what the environment showed the learner: the seat's view, hashed by
    the same encoder, and the same action ids."""

    kind = "ppo-policy"

    def __init__(self, game: Game, seed: int = 0, policy: str = "policy.npz", greedy: bool = True) -> None:
        super().__init__(game, seed)
        try:
            with np.load(policy, allow_pickle=False) as saved:
                trained = (str(saved["game"]), int(saved["players"]))
                self.weights, self.bias = saved["weights"], saved["bias"]
        except FileNotFoundError:
            raise ValueError(f"there is no policy file {policy}") from None
        except (OSError, ValueError, KeyError, TypeError):
            raise ValueError(f"{policy} is not a policy saved by train_ppo.py --save") from None
        if trained != (game.id, game.players):
            raise ValueError(f"{policy} was trained on {trained[0]} with {trained[1]} players, "
                             f"not {game.id} with {game.players}")
        self.table = action_table(game)
        if self.weights.shape[1] != self.table.size:
            raise ValueError(f"{policy} has {self.weights.shape[1]} action ids, this game's table "
                             f"{self.table.size}")
        self.encoder = ViewEncoder(game.players, self.weights.shape[0])
        self.greedy = greedy

    def choose(self, view: View, legal: list[Action]) -> Action:
        by_id = self.table.ids_of(legal)
        if not by_id:
            return legal[0]  # (no action of the decision has an id: a table's spare slots ran out)
        ids = np.array(sorted(by_id))
        features = self.encoder.encode(view).astype(np.float64)
        present = np.flatnonzero(features)
        logits = features[present] @ self.weights[np.ix_(present, ids)] + self.bias[ids]
        if self.greedy:
            return by_id[int(ids[int(np.argmax(logits))])]
        exp = np.exp(logits - logits.max())
        threshold, total = self.chance.random() * exp.sum(), 0.0
        for index, weight in zip(ids, exp, strict=True):
            total += weight
            if total >= threshold:
                return by_id[int(index)]
        return by_id[int(ids[-1])]


Step = tuple[Array, Array, int, float]  # a decision: observation, mask, action, its probability
Played = tuple[list[Step], float]  # one seat's decisions in a game, and its reward at the end


def play(env: QuarkadeGymEnv, policy: Policy, seed: int) -> Played:
    """One game through Gymnasium: the seat's decisions, and its reward at the end."""
    observation, _ = env.reset(seed=seed)
    steps: list[Step] = []
    while True:
        action, probability = policy.act(observation)
        steps.append((observation["observation"].astype(np.float64), observation["action_mask"].astype(np.float64),
                      action, probability))
        observation, reward, terminated, truncated, _ = env.step(np.int64(action))
        if terminated or truncated:
            return steps, float(reward)


def play_aec(env: QuarkadeAECEnv, policy: Policy, seed: int, learners: set[int]) -> list[Played]:
    """One game through PettingZoo: the policy plays the seats in ``learners``, random play (a
    legal id drawn by the game's seed) the others; each learner's decisions and reward."""
    env.reset(seed=seed)
    others = np.random.default_rng(seed)
    steps: dict[int, list[Step]] = {seat: [] for seat in learners}
    rewards: dict[int, float] = {}
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        seat = env.possible_agents.index(agent)
        if terminated or truncated:
            rewards[seat] = float(reward)
            env.step(None)
            continue
        if seat in learners:
            action, probability = policy.act(observation)
            steps[seat].append((observation["observation"].astype(np.float64),
                                observation["action_mask"].astype(np.float64), action, probability))
        else:
            action = int(others.choice(np.flatnonzero(observation["action_mask"])))
        env.step(action)
    return [(steps[seat], rewards[seat]) for seat in sorted(learners)]


class Through:
    """Where the policy trains and is measured: the games it learns from, and its result in a
    game against random play from seat 0."""

    def __init__(self, env: QuarkadeGymEnv | QuarkadeAECEnv) -> None:
        self.env = env
        self.size, self.actions = env.encoder.size, env.table.size

    def games(self, policy: Policy, seed: int) -> list[Played]:
        if isinstance(self.env, QuarkadeAECEnv):  # self-play: every seat learns
            return play_aec(self.env, policy, seed, set(range(PLAYERS)))
        return [play(self.env, policy, seed)]

    def result(self, policy: Policy, seed: int) -> float:
        if isinstance(self.env, QuarkadeAECEnv):
            return play_aec(self.env, policy, seed, {0})[0][1]
        return play(self.env, policy, seed)[1]


def update(policy: Policy, optimizer: Adam, batch: list[tuple[Array, Array, int, float, float]],
           epochs: int = 4, clip: float = 0.2) -> None:
    """PPO's clipped surrogate, with the return of each decision's game (rewards come at the end)."""
    observations = np.stack([b[0] for b in batch])
    masks = np.stack([b[1] for b in batch])
    actions = np.array([b[2] for b in batch])
    old = np.array([b[3] for b in batch])
    returns = np.array([b[4] for b in batch])
    n = len(batch)
    for _ in range(epochs):
        values = policy.value(observations)
        advantages = returns - values
        advantages = (advantages - advantages.mean()) / (advantages.std() + 1e-8)
        probabilities = policy.probabilities(observations, masks)
        taken = probabilities[np.arange(n), actions]
        ratio = taken / old
        # The clipped objective has no gradient where the ratio has left [1-clip, 1+clip] in the
        # direction the advantage favours; elsewhere d(ratio * A)/d(logits) = A * ratio * (onehot - p).
        active = ~(((advantages > 0) & (ratio > 1 + clip)) | ((advantages < 0) & (ratio < 1 - clip)))
        scale = (advantages * ratio * active / n)[:, None]
        onehot = np.zeros_like(probabilities)
        onehot[np.arange(n), actions] = 1.0
        logit_grad = scale * (onehot - probabilities)
        value_error = (returns - values) / n  # ascending -1/2 (return - value)^2
        optimizer.step([observations.T @ logit_grad, logit_grad.sum(axis=0),
                        observations.T @ value_error, np.array([value_error.sum()])])


def win_rate(env: Through, policy: Policy, games: int, first_seed: int) -> float:
    return sum(env.result(policy, first_seed + game) for game in range(games)) / games


def train(env: Through, rounds: int, games_per_round: int, evaluation_games: int, seed: int = 0,
          keep: str | None = None) -> tuple[Policy, list[tuple[int, float]]]:
    """Train a policy and return it with its learning curve: (games trained on, win rate against
    random); the trained policy is saved to ``keep`` when given."""
    policy = Policy(env.size, env.actions, np.random.default_rng(seed))
    optimizer = Adam([policy.weights, policy.bias, policy.value_weights, policy.value_bias], rate=0.01)
    curve = [(0, win_rate(env, policy, evaluation_games, EVALUATION_SEED))]
    print(f"games trained {0:5d}  win rate vs random {curve[-1][1]:.2f}", flush=True)
    try:
        for round_ in range(rounds):
            batch: list[tuple[Array, Array, int, float, float]] = []
            for game in range(games_per_round):
                for steps, reward in env.games(policy, seed * 100_000 + round_ * games_per_round + game):
                    batch.extend((o, m, a, p, reward) for o, m, a, p in steps)
            update(policy, optimizer, batch)
            trained = (round_ + 1) * games_per_round
            curve.append((trained, win_rate(env, policy, evaluation_games, EVALUATION_SEED)))
            print(f"games trained {trained:5d}  win rate vs random {curve[-1][1]:.2f}", flush=True)
    except KeyboardInterrupt:  # Ctrl-C: the rounds done are kept, the round under way is not
        print(f"stopped after {len(curve) - 1} of {rounds} rounds", flush=True)
        if keep is not None:
            save(policy, keep)
            print(f"the policy of those rounds saved to {keep}", flush=True)
        raise SystemExit(130) from None
    if keep is not None:
        save(policy, keep)
        print(f"policy saved to {keep}", flush=True)
    return policy, curve


def verdict(random_rate: float, trained_rate: float, games: int) -> str:
    """Whether the trained policy beats random play, from the Wilson 95% intervals of the two
    win rates over ``games`` evaluation games: only intervals that do not overlap decide.

    >>> said = verdict(0.54, 0.80, 100)
    >>> said.split(" (")[0]
    'random play wins 0.54 [0.44, 0.63] from this seat, the trained policy 0.80 [0.71, 0.87]'
    >>> said.split(": ")[-1]
    'it beats random play'
    >>> verdict(0.5, 1.0, 2).endswith("not shown at 2 evaluation games (the intervals overlap)")
    True
    """
    random_low, random_high = wilson_interval(random_rate * games, games)
    low, high = wilson_interval(trained_rate * games, games)
    if low > random_high:
        said = "it beats random play"
    elif high < random_low:
        said = "it plays worse than random play"
    else:
        said = f"that it beats random play is not shown at {games} evaluation games (the intervals overlap)"
    return (f"random play wins {random_rate:.2f} [{random_low:.2f}, {random_high:.2f}] from this seat, the trained "
            f"policy {trained_rate:.2f} [{low:.2f}, {high:.2f}] (Wilson 95% intervals over {games} games): {said}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--games-per-round", type=int, default=40)
    parser.add_argument("--evaluation-games", type=int, default=100,
                        help=f"games a point of the curve (the final evaluation: {FINAL_EVALUATION_FACTOR}x as many)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--save", metavar="FILE", help="keep the trained policy here (.npz), for PolicyBot")
    parser.add_argument("--env", choices=("gymnasium", "pettingzoo"), default="gymnasium",
                        help="train through Gymnasium (seat 0 against random play) or PettingZoo (self-play)")
    args = parser.parse_args(argv)
    if args.save is not None:
        # numpy adds .npz to a name without it: the name said is the file written
        args.save = args.save if args.save.endswith(".npz") else f"{args.save}.npz"
        folder = os.path.dirname(os.path.abspath(args.save))
        if not os.path.isdir(folder) or not os.access(folder, os.W_OK):
            parser.error(f"--save {args.save}: cannot write in {folder} (checked before training)")
    for name in ("rounds", "games_per_round", "evaluation_games"):
        least = 0 if name == "rounds" else 1  # no round trains nothing, but a curve needs games
        if getattr(args, name) < least:
            parser.error(f"--{name.replace('_', '-')} is at least {least}, not {getattr(args, name)}")
    env = Through(pettingzoo_env(GAME, players=PLAYERS) if args.env == "pettingzoo"
                  else gymnasium_env(GAME, players=PLAYERS, seat=0, opponents="random"))
    policy, _ = train(env, args.rounds, args.games_per_round, args.evaluation_games, args.seed, args.save)
    # An untrained policy is uniform over the legal actions: random play itself.
    games = FINAL_EVALUATION_FACTOR * args.evaluation_games
    untrained = Policy(env.size, env.actions, np.random.default_rng(args.seed + 1))
    print(verdict(win_rate(env, untrained, games, FINAL_EVALUATION_SEED),
                  win_rate(env, policy, games, FINAL_EVALUATION_SEED), games))


if __name__ == "__main__":
    main()
