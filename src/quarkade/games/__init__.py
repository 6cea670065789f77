"""One package per game; each registers itself with the core registry on import."""
