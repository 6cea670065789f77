"""The game's statistics: how often a Quark decides a challenge (a Quark was played and the
result would differ were each Quark worth its printed number)."""

from __future__ import annotations

from quarkade.games.cosmic_encounter.actions import Play
from test_rulebook_cosmic_encounter import challenge, new, set_hand


def _duel(offence_face: str, defence_card_total: int) -> dict[str, float]:
    """The offence launches two and plays ``offence_face`` in the fifth square; the defence
    plays the Attack that makes its total ``defence_card_total`` (or the nearest it can)."""
    state = new(quarks=True)
    offence, defence = challenge(state, launch=2)
    state.square = 4
    defending = state.tokens[state.target][defence]
    set_hand(state, offence, [offence_face])
    set_hand(state, defence, [f"a{defence_card_total - defending}"])
    before = state.statistics()
    state.apply(offence, Play(offence_face))
    state.apply(defence, Play(f"a{defence_card_total - defending}"))
    after = state.statistics()
    return {name: after[name] - before[name] for name in ("challenges", "quark_played", "quark_decided")}


def test_a_quark_that_changes_the_winner_decides_the_challenge() -> None:
    # Up 10 is 14 in the fifth square: 16 against 13 wins; printed, 12 against 13 would lose.
    assert _duel("u10", 13) == {"challenges": 1, "quark_played": 1, "quark_decided": 1}


def test_a_quark_that_changes_only_the_margin_does_not_decide() -> None:
    # 16 against 11 wins; printed, 12 against 11 would win too.
    assert _duel("u10", 11) == {"challenges": 1, "quark_played": 1, "quark_decided": 0}


def test_a_challenge_without_a_quark_counts_only_as_a_challenge() -> None:
    assert _duel("a10", 13) == {"challenges": 1, "quark_played": 0, "quark_decided": 0}
