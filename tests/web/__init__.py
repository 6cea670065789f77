"""Tests of the web face: HTTP API, websockets, persistence, the browser client."""
