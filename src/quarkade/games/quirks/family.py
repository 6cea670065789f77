"""What the three Quirks games share as games: the notation, the printed cards, and
determinization (each game names its sampler in ``sampling``)."""

from __future__ import annotations

from typing import Any, ClassVar

from mypy_extensions import mypyc_attr

from quarkade.core.chance import Chance
from quarkade.core.game import Action, Game, State, View
from quarkade.games.quirks.actions import parse


# A game of the family may be written in Python on top of it (docs/compiled.md).
@mypyc_attr(allow_interpreted_subclasses=True)
class QuirksFamily(Game):
    sampler: ClassVar[str]  # the name of this game's function in quarkade.games.quirks.sampling

    def _parse_action(self, state: State, seat: int, text: str) -> Action:
        return parse(text)

    @classmethod
    def public_components(cls) -> dict[str, Any]:
        from quarkade.games.quirks.components import printed_faces

        return {"cards.toml": printed_faces()}

    def sample_state(self, view: View, chance: Chance) -> State:
        from quarkade.games.quirks import sampling

        state: State = getattr(sampling, self.sampler)(self, view, chance)
        return state
