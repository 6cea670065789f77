"""`quarkade serve` hands its limits to the web server: how long a seat may have no
connection before a bot plays it, and a refusal of a time that is not positive; and the host
names it answers to besides its addresses, and a refusal of one that is no host name."""

from __future__ import annotations

from pathlib import Path
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


def test_serve_passes_the_allowed_host_names_to_the_server(monkeypatch: pytest.MonkeyPatch) -> None:
    served: dict[str, Any] = {}
    monkeypatch.setattr(server, "serve", lambda **kwargs: served.update(kwargs))
    result = CliRunner().invoke(cli.app, ["serve", "--allowed-hosts", "games.example.org, quarkade.lan"])
    assert result.exit_code == 0, result.output
    assert served["allowed_hosts"] == ["games.example.org", "quarkade.lan"]


def test_serve_refuses_an_allowed_host_that_is_no_host_name(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # the database it would open
    result = CliRunner().invoke(cli.app, ["serve", "--allowed-hosts", "https://games.example.org"])
    assert result.exit_code != 0
    assert "an allowed host is a host name alone" in str(result.exception) + result.output


def test_every_limit_the_server_command_names_is_a_limit_it_sets(monkeypatch: pytest.MonkeyPatch) -> None:
    from dataclasses import fields

    assert set(server.LIMIT_OPTIONS) <= {field.name for field in fields(server.Limits)}
    seen: dict[str, Any] = {}
    monkeypatch.setattr(server, "serve", lambda *args, **kwargs: seen.update(kwargs))
    server.main(["--actions-per-table", "7", "--revival-burst", "3.5", "--open-tables", "9"])
    limits = seen["limits"]
    assert (limits.actions_per_table, limits.revival_burst, limits.open_tables) == (7, 3.5, 9)
