"""Tools over the games: matches, simulation, benchmarks, replays, rendering."""
