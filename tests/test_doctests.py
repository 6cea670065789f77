"""The examples in the package's docstrings are run as tests, so that they stay true."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import quarkade

MODULES = sorted(
    info.name for info in pkgutil.walk_packages(quarkade.__path__, "quarkade.")
    if not info.name.endswith("__main__")  # running a package's main would start it
)


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0, f"{result.failed} of {result.attempted} docstring examples of {name} failed"
