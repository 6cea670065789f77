"""`quarkade serve` hands its limits to the web server: how long a seat may have no
connection before a bot plays it, and a refusal of a time that is not positive."""

from __future__ import annotations

from typing import Any

import pytest
from typer.testing import CliRunner

from quarkade.faces import cli
from quarkade.faces.web import server


def test_serve_passes_takeover_after_to_the_server(monkeypatch: pytest.MonkeyPatch) -> None:
    served: dict[str, Any] = {}
    monkeypatch.setattr(server, "serve", lambda **kwargs: served.update(kwargs))
    result = CliRunner().invoke(cli.app, ["serve", "--takeover-after", "5", "--abandon-after", "2"])
    assert result.exit_code == 0, result.output
    limits = served["limits"]
    assert limits.takeover_after == 5.0 and limits.abandon_after == 7200.0


def test_serve_refuses_a_takeover_time_that_is_not_positive(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(server, "serve", lambda **kwargs: pytest.fail("the server must not start"))
    result = CliRunner().invoke(cli.app, ["serve", "--takeover-after", "0"])
    assert result.exit_code != 0 and "--takeover-after is a positive number of seconds" in result.output
