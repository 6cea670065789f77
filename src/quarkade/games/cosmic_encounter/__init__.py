"""Cosmic Encounter (classic), with the Quarks expansion as an option, for 3-6 players."""

from quarkade.core.registry import register
from quarkade.games.cosmic_encounter.rules import CosmicEncounter, CosmicState

register(CosmicEncounter)

__all__ = ["CosmicEncounter", "CosmicState"]
