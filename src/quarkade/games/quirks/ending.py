"""How a game of Quirks ends: the last player still in wins; a player who holds the three upper
niches at the end of a turn must hold them against each lower QUiRKS in turn ("the defence");
at the turn limit the best standing wins. The turns themselves are in :mod:`rules`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from quarkade.games.quirks import board
from quarkade.games.quirks.board import LOWER, UPPER, slot_of

if TYPE_CHECKING:
    from quarkade.games.quirks.rules import QuirksState


def holder_of_all_uppers(s: QuirksState) -> int:
    """The seat that holds the three upper niches, or -1."""
    holder = s.owners[slot_of(0, UPPER)]
    if holder >= 0 and all(s.owners[slot_of(n, UPPER)] == holder for n in range(3)):
        return holder
    return -1


def check_over(s: QuirksState) -> bool:
    """End the game if one player is left in it."""
    alive = [seat for seat in range(s.players) if not s.eliminated[seat]]
    if len(alive) == 1:
        finish(s, (alive[0],), "last player in the game")
        return True
    return False


def finish(s: QuirksState, winners: tuple[int, ...], why: str) -> None:
    s.result = winners
    s.stage, s._to_act = board.OVER, ()
    s.contest = None
    s._note("over", -1, winners, why)


def declare_limit(s: QuirksState) -> None:
    """The turn limit: the players with the most niches (an upper one counting two) win, the
    fewest extinct branches breaking a tie."""
    alive = [seat for seat in range(s.players) if not s.eliminated[seat]]

    def standing(seat: int) -> tuple[int, int]:
        uppers = sum(s.controls(seat, n, UPPER) for n in range(3))
        lowers = sum(s.controls(seat, n, LOWER) for n in range(3))
        return (2 * uppers + lowers, -len(s.extinct[seat]))

    best = max(standing(seat) for seat in alive)
    finish(s, tuple(seat for seat in alive if standing(seat) == best), "turn limit reached")


# ----------------------------------------------------------------------------- the defence of the upper niches
def start_defence(s: QuirksState, holder: int) -> None:
    """``holder`` holds the three upper niches: each lower QUiRKS of another player, in turn
    order from the holder, may challenge the upper QUiRKS of its niche."""
    s.defence = holder
    s.defence_queue = []
    for step in range(1, s.players):
        seat = (holder + step) % s.players
        for niche in range(3):
            if s.owners[slot_of(niche, LOWER)] == seat:
                s.defence_queue.append((seat, niche))
    s._note("defence", -1, holder)
    next_defence(s)


def next_defence(s: QuirksState) -> None:
    while s.defence_queue:
        seat, niche = s.defence_queue[0]
        if s.controls(seat, niche, LOWER) and s.controls(s.defence, niche, UPPER):
            s.stage, s._to_act, s.niche, s.current = board.DEFENCE, (seat,), niche, seat
            return
        s.defence_queue.pop(0)
    finish(s, (s.defence,), "held the three upper niches")


def defence_result(s: QuirksState, dislodged: bool) -> None:
    """A lower QUiRKS declined or competed: the game goes on if it won an upper niche back."""
    s.contest = None
    if check_over(s):
        return
    if dislodged:
        holder, s.defence, s.defence_queue = s.defence, -1, []
        s._note("resume", -1, holder)
        # The turn that took the three niches ends now: its player's hand is brought back to
        # nine (a surplus discarded first), and play goes on to the left (``_end_turn``).
        s.current = holder
        s._end_turn()
        return
    if s.defence_queue:
        s.defence_queue.pop(0)
    next_defence(s)
