"""Bots for Quirky Quarks."""

from __future__ import annotations
