"""Seat tokens never reach the server's logs."""

from __future__ import annotations

import logging

from quarkade.faces.web.running import RedactSecrets, redact


def test_tokens_are_redacted_from_access_log_lines() -> None:
    record = logging.LogRecord("uvicorn.error", logging.INFO, __file__, 1, '%s - "WebSocket %s" [accepted]',
                               ("127.0.0.1:5000", "/ws/tables/abc?token=SeCrEt_123&x=1"), None)
    assert RedactSecrets().filter(record)
    line = record.getMessage()
    assert "SeCrEt_123" not in line and "token=…&x=1" in line


def test_tokens_in_a_plain_message_are_redacted() -> None:
    record = logging.LogRecord("uvicorn.access", logging.INFO, __file__, 1, "GET /?token=abc-DEF_1 200", None, None)
    RedactSecrets().filter(record)
    assert "abc-DEF_1" not in record.getMessage()


def test_a_secret_parameter_written_with_escapes_is_redacted_too() -> None:
    line = redact('127.0.0.1:5 - "GET /api/tables/a/replay?seat=0&tok%65n=SeCrEt&HOST=Other HTTP/1.1" 200')
    assert "SeCrEt" not in line and "Other" not in line and "seat=0" in line
