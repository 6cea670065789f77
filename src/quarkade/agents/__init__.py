"""Bots. A bot sees a view and the legal actions, never the state; it draws from its own
generator, never the game's."""

from quarkade.agents.base import Bot, RandomBot, bot_kinds, make_bot, register_bot

__all__ = ["Bot", "RandomBot", "bot_kinds", "make_bot", "register_bot"]
