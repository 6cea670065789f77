"""Quirks, Quirks Solitaire and Quirkling views are built lazily (the log, the piles and the
players are made only when read): whole, they must equal a plain eager build of the same
moment, for every seat and the spectator, however much the state has moved on before the lazy
parts are made, and for states sampled for a bot (whose adaptation table is drawn) too."""

from __future__ import annotations

from typing import Any

import quarkade
from quarkade.core import Chance, Game, State
from quarkade.core.log import read
from quarkade.games.quirks import quirkling as quirkling_rules
from quarkade.games.quirks import solitaire as solitaire_rules
from quarkade.games.quirks import solitaire_views
from quarkade.games.quirks.board import LOWER, NICHE_STACKS, UPPER, Stage
from quarkade.games.quirks.components import COMPONENTS, NICHES, STACKS, AdaptationTable
from quarkade.games.quirks.quirkling import QuirklingState
from quarkade.games.quirks.rules import QuirksState
from quarkade.games.quirks.solitaire import SolitaireState
from quarkade.games.quirks.views import LOG_LENGTH, describe
from quarkade.tools.match import make_bots

CARDS = COMPONENTS.cards
LEVELS = ("upper", "lower")


def card(index: int, table: AdaptationTable | None) -> dict[str, Any]:
    """A card as the module docstrings describe it: its printed face, and its codes if shown."""
    c = CARDS[index]
    out: dict[str, Any] = {"number": c.number, "trait": c.trait, "syllable": c.syllable, "part": c.part,
                           "stack": STACKS[c.stack]}
    if table is not None:
        out["codes"] = table.code_text(index)
    return out


def name(cards: tuple[int, ...] | list[int]) -> str:
    return "".join(CARDS[c].syllable for c in cards).capitalize()


def by_stack(hand: list[int]) -> list[int]:
    return sorted(hand, key=lambda c: (CARDS[c].stack, c))


def climate_json(space: int, x_spaces: bool = True) -> dict[str, Any]:
    zones = COMPONENTS.zones_per_climate
    out: dict[str, Any] = {"space": space, "name": COMPONENTS.climates[space // zones], "zone": space % zones + 1}
    if x_spaces:
        out["x_spaces"] = sorted(COMPONENTS.x_spaces)
    return out


def stage_name(stage: Any) -> str:
    return str(stage.name.lower().replace("_", "-"))


def eager_quirks(state: QuirksState, seat: int | None) -> dict[str, Any]:
    over = state.is_over
    contest = state.contest
    table = state.table
    hiding = contest is not None and contest.kind == "upper" and state.stage in (Stage.UPPER_COMPLETE,
                                                                                   Stage.UPPER_SEALED)
    niches = []
    for niche in range(3):
        entry: dict[str, Any] = {"niche": NICHES[niche]}
        for level in (UPPER, LOWER):
            owner = state.owners[niche * 2 + level]
            cards = state.slots[niche * 2 + level]
            if hiding and contest is not None and niche == contest.niche and level == UPPER and seat != owner:
                cards = contest.public_defender
            entry[LEVELS[level]] = None if owner < 0 else {
                "owner": owner, "name": name(cards),
                "cards": [card(c, table if over or seat == owner else None) for c in cards]}
        niches.append(entry)
    players = []
    for s in range(state.players):
        stacks = [0] * len(STACKS)
        for c in state.hands[s]:
            stacks[CARDS[c].stack] += 1
        player: dict[str, Any] = {
            "seat": s, "hand_size": len(state.hands[s]),
            "hand_stacks": {STACKS[i]: count for i, count in enumerate(stacks) if count},
            "extinctions": len(state.extinct[s]),
            "extinct": [[CARDS[c].number for c in branch] for branch in state.extinct[s]],
            "eliminated": state.eliminated[s],
            "upper_niches": [NICHES[n] for n in range(3) if state.owners[n * 2 + UPPER] == s],
        }
        if over:
            player["hand"] = [card(c, table) for c in sorted(state.hands[s])]
        players.append(player)
    data: dict[str, Any] = {
        "climate": climate_json(state.climate),
        "stage": stage_name(state.stage),
        "current": state.current,
        "niche": NICHES[state.niche] if state.niche >= 0 else None,
        "to_act": list(state.to_act),
        "turns": state.turns,
        "niches": niches,
        "players": players,
        "stacks": {STACKS[i]: {"cards": len(d.cards), "discards": [card(c, table) for c in d.discards]}
                   for i, d in enumerate(state.stacks)},
        "destiny": {"drawn": [NICHES[n] for n in state.destiny_drawn], "pool": len(state.destiny_pool)},
        "reveals": list(state.reveals),
        "defence": state.defence if state.defence >= 0 else None,
        "flow": {"setup_step": state.setup_step, "turns_taken": list(state.turns_taken),
                 "competed": state.competed, "mutation_queue": list(state.mutation_queue),
                 "defence_queue": [list(entry) for entry in state.defence_queue]},
        "is_over": over,
        "winners": list(state.winners) if over else None,
    }
    if contest is not None:
        attacker_cards = contest.attacker_cards if (seat == contest.attacker or not hiding) else \
            contest.public_attacker
        public: dict[str, Any] = {
            "kind": contest.kind, "niche": NICHES[contest.niche], "attacker": contest.attacker,
            "defender": contest.defender if contest.defender >= 0 else None,
            "attacker_cards": [card(c, table if over or seat == contest.attacker else None) for c in attacker_cards],
            "faces": {str(s): up for s, up in contest.faces.items()},
            "demoting": contest.demoting if contest.demoting >= 0 else None,
            "intelligence": list(contest.asked),
            "rolls": {str(s): list(r) if r is not None else None for s, r in contest.rolls.items()},
            "in_defence": contest.in_defence,
            "defender_drew": STACKS[contest.defender_drew] if contest.defender_drew >= 0 else None,
        }
        if contest.sealed is not None and not contest.faces:
            public["ready"] = {str(s): ready for s, ready in contest.sealed.ready.items()}
            if seat is not None and contest.sealed.choices.get(seat):
                public["my_choice"] = contest.sealed.choices[seat][-1]
        if seat is not None and seat == contest.attacker and contest.drawn >= 0 and state.stage is Stage.UPPER_COMPLETE:
            public["drawn"] = card(contest.drawn, table)
        if seat is not None and seat == contest.defender:
            public["mutated"] = contest.defender_mutated
            if hiding:
                public["shown_to_others"] = [CARDS[c].number for c in contest.public_defender]
        data["contest"] = public
    if seat is not None:
        data["hand"] = [card(c, table) for c in by_stack(state.hands[seat])]
    data["log"] = read(state.log, describe, seat, over, LOG_LENGTH)
    return data


def eager_solitaire(state: SolitaireState, seat: int | None) -> dict[str, Any]:
    over = state.is_over
    shown = state.table if seat is not None or over else None
    data: dict[str, Any] = {
        "climate": climate_json(state.climate),
        "thresholds": solitaire_rules.THRESHOLDS,
        "stage": stage_name(state.stage),
        "resume": stage_name(state.resume) if state.stage is solitaire_rules.Stage.COUNTING else None,
        "niche": NICHES[state.niche] if state.niche >= 0 else None,
        "to_act": list(state.to_act),
        "quirks": [{"niche": NICHES[n], "name": name(q), "cards": [card(c, shown) for c in q]}
                   for n, q in enumerate(state.quirks)],
        "hand_size": len(state.hand),
        "stacks": {STACKS[i]: {"cards": len(d.cards), "discarded": [CARDS[c].number for c in d.discards]}
                   for i, d in enumerate(state.stacks)},
        "destiny": {"drawn": [NICHES[n] for n in state.destiny_drawn],  # all twelve until the first is drawn
                    "pool": len(state.destiny_pool) if state.destiny_drawn else sum(COMPONENTS.destiny)},
        "actions": state.actions,
        "extinctions": len(state.extinct),
        "extinct": [[CARDS[c].number for c in branch] for branch in state.extinct],
        "counted": [{"niche": n, "cards": b, "food_chain": f, "total": b + f} for n, b, f in state.counted],
        "is_over": over,
        "won": state.won if over else None,
        "result": state.lost_why if over and not state.won else None,
    }
    if seat is not None or over:
        data["hand"] = [card(c, state.table) for c in by_stack(state.hand)]
    data["log"] = read(state.log, solitaire_views.describe, seat, over, 40)
    return data


def eager_quirkling(state: QuirklingState, seat: int | None) -> dict[str, Any]:
    over = state.is_over
    table = state.table
    kinds = [tuple(stacks) for stacks in NICHE_STACKS]
    data: dict[str, Any] = {
        "climate": climate_json(state.climate, x_spaces=False),
        "stage": stage_name(state.stage),
        "current": state.current,
        "to_act": list(state.to_act),
        "asked": None if state.asked[1] < 0 else {"seat": state.asked[0] if state.asked[0] >= 0 else None,
                                                  "stack": STACKS[state.asked[1]]},
        "players": [{
            "seat": s, "hand_size": len(state.hands[s]), "refused": state.refused[s],
            "quirklings": [{"niche": NICHES[kinds.index(tuple(CARDS[c].stack for c in q))], "name": name(q),
                            "cards": [card(c, table) for c in q]} for q in state.made[s]],
            **({"hand": [card(c, table) for c in sorted(state.hands[s])]} if over else {}),
        } for s in range(state.players)],
        "stack": len(state.stack),
        "discard_top": card(state.discards[-1], table) if state.discards else None,
        "discard_pile": [CARDS[c].number for c in state.discards],
        "refilling": state.refilling,
        "turns": state.turns,
        "is_over": over,
        "winners": list(state.winners) if over else None,
    }
    if seat is not None:
        data["hand"] = [card(c, table) for c in by_stack(state.hands[seat])]
    data["log"] = read(state.log, quirkling_rules._describe, seat, over, 40)
    return data


def eager(state: State, seat: int | None) -> dict[str, Any]:
    if isinstance(state, QuirksState):
        return eager_quirks(state, seat)
    if isinstance(state, SolitaireState):
        return eager_solitaire(state, seat)
    assert isinstance(state, QuirklingState)
    return eager_quirkling(state, seat)


CONFIGS: tuple[tuple[str, int, dict[str, Any]], ...] = (
    ("quirks", 3, {}),
    ("quirks", 4, {"random_mutation": True, "intelligent_race": True, "advanced": True}),
    ("quirks", 2, {"random_mutation": True}),
    ("quirks-solitaire", 1, {"random_mutation": True}),
    ("quirkling", 3, {}),
    ("quirkling", 5, {}),
)


def check_moment(game: Game, state: State, seats: list[int | None]) -> int:
    """Views of ``state`` made now and read after it has moved on in place: each equals the
    eager build of the moment it was made."""
    expected = [eager(state, seat) for seat in seats]
    made = [state.view(seat) for seat in seats]
    for view in made[::2]:
        view.get("hand")  # one key read before the rest
    for _ in range(2):
        if state.is_over:
            break
        acting = state.to_act[0]
        state.apply(acting, state.legal_actions(acting)[0])
    for seat, view, wanted in zip(seats, made, expected, strict=True):
        assert view.data == wanted, (game.id, seat)
        assert view.to_json() == {"game": game.id, "seat": seat, **wanted}
    return len(made)


def test_lazy_views_equal_an_eager_build_of_the_same_moment() -> None:
    compared = sampled = 0
    for index, (game_id, players, options) in enumerate(CONFIGS):
        game = quarkade.load(game_id, players=players, **options)
        seats: list[int | None] = [*range(players), None]
        for seed in range(2):
            bots = make_bots(game, ["heuristic"] * players, seed)
            state = game.new_game(100 * index + seed)
            step = 0
            while True:
                if step % 7 == 0 or state.is_over:
                    compared += check_moment(game, state.clone(), seats)
                    if step % 21 == 0 and not state.is_over:
                        view = state.view(state.to_act[0])
                        compared += check_moment(game, game.sample_state(view, Chance(step + seed)), seats)
                        sampled += 1
                if state.is_over or step >= 250:
                    break
                seat = state.to_act[0]
                state.apply(seat, bots[seat].choose(state.view(seat), state.legal_actions(seat)))
                step += 1
    assert compared > 300 and sampled > 20, (compared, sampled)
