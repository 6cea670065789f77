"""/api/docs: the HTTP API on one page, made on the server from the app's OpenAPI schema.

FastAPI's own page (Swagger UI) loads an unpinned script and stylesheet from a CDN, so it
needed an exception to the Content-Security-Policy: whoever controlled that CDN could run
code in this origin. This page is plain HTML with a little inline style and no script:
every path and method, what it does, its parameters, its request body's fields (the
schemas it refers to resolved) and its responses' status codes. Every text of the schema is
escaped. The schema itself stays at /api/openapi.json, for programs.
"""

from __future__ import annotations

import json
import re
from html import escape
from typing import Any

from fastapi import FastAPI
from fastapi.responses import HTMLResponse

METHODS = ("get", "put", "post", "delete", "patch", "options", "head", "trace")
_REF = "#/components/schemas/"
_CODE = re.compile(r"``(.+?)``")

_PAGE = """<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>{title} {version} · HTTP API</title>
  <link rel="icon" href="/favicon.svg" type="image/svg+xml">
  <style>
    body {{ font: 15px/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 62rem; padding: 1rem 1.5rem 4rem;
           color: #1d2330; background: #fbfbfd; }}
    h1 {{ margin-bottom: 0.2rem; }}
    h2 {{ margin-top: 2.2rem; border-top: 1px solid #d8dbe3; padding-top: 1rem; font-size: 1.15rem; }}
    h3 {{ font-size: 1rem; margin: 1rem 0 0.3rem; }}
    code, .method {{ font-family: ui-monospace, monospace; }}
    .method {{ display: inline-block; min-width: 4.2rem; padding: 0.05rem 0.4rem; margin-right: 0.4rem;
               border-radius: 4px; color: #fff; background: #4a5872; text-align: center; font-size: 0.85rem; }}
    .get {{ background: #2f6f9f; }} .post {{ background: #3c8a4a; }} .delete {{ background: #a33; }}
    table {{ border-collapse: collapse; width: 100%; margin: 0.3rem 0; font-size: 0.92rem; }}
    th, td {{ text-align: left; vertical-align: top; padding: 0.25rem 0.6rem 0.25rem 0;
              border-bottom: 1px solid #e4e6ec; }}
    th {{ font-weight: 600; color: #4a5060; }}
    .muted {{ color: #5d6475; }}
    ul.toc {{ columns: 2; padding-left: 1.2rem; }}
  </style>
</head>
<body>
  <p><a href="/">Quarkade</a></p>
  <h1>{title} HTTP API</h1>
  <p class="muted">Version {version}. Every path and method the server answers, what it takes and what it answers.
  The same as a machine-readable schema: <a href="{openapi}"><code>{openapi}</code></a>. The websocket protocol,
  and the limits every client lives within, are in <code>docs/protocol.md</code>.</p>
  <ul class="toc">
{toc}
  </ul>
{operations}
  <h2 id="schemas">Schemas</h2>
{schemas}
</body>
</html>
"""


def _number(value: Any) -> str:
    """A bound as people write it: 16, not 16.0."""
    return f"{value:g}" if isinstance(value, float) else str(value)


def _schema_name(ref: str) -> str:
    return ref[len(_REF):] if ref.startswith(_REF) else ref.rsplit("/", 1)[-1]


def type_words(schema: dict[str, Any]) -> str:
    """A schema's type in words, as HTML: the schemas it refers to are links to their entries.

    >>> type_words({"anyOf": [{"type": "array", "items": {"$ref": "#/components/schemas/A<b>"}}, {"type": "null"}]})
    'list of <a href="#schema-A&lt;b&gt;">A&lt;b&gt;</a> or null'
    """
    if "$ref" in schema:
        name = escape(_schema_name(str(schema["$ref"])))
        return f'<a href="#schema-{name}">{name}</a>'
    for key in ("anyOf", "oneOf", "allOf"):
        if key in schema:
            joined = " and " if key == "allOf" else " or "
            return joined.join(type_words(member) for member in schema[key])
    if "const" in schema:
        return escape(json.dumps(schema["const"]))
    if "enum" in schema:
        return "one of " + ", ".join(escape(json.dumps(value)) for value in schema["enum"])
    kind = schema.get("type")
    if isinstance(kind, list):
        return " or ".join(type_words({**schema, "type": one}) for one in kind)
    if kind == "array":
        items = schema.get("items")
        return f"list of {type_words(items)}" if isinstance(items, dict) and items else "list"
    if kind == "object" and isinstance(schema.get("additionalProperties"), dict):
        return f"object of {type_words(schema['additionalProperties'])}"
    if isinstance(kind, str):
        shown = escape(kind)
        return f"{shown} ({escape(str(schema['format']))})" if "format" in schema else shown
    return "any"


def _bounds(schema: dict[str, Any]) -> list[str]:
    """What a value must be within, in words, from a schema and the members of its ``anyOf``."""
    said: list[str] = []
    for part in [schema, *schema.get("anyOf", ()), *schema.get("oneOf", ())]:
        for low, high, unit in (("minLength", "maxLength", " characters"), ("minimum", "maximum", ""),
                                ("minItems", "maxItems", " items"), ("minProperties", "maxProperties", " keys")):
            if low in part and high in part:
                said.append(f"{_number(part[low])} to {_number(part[high])}{unit}")
            elif low in part:
                said.append(f"at least {_number(part[low])}{unit}")
            elif high in part:
                said.append(f"at most {_number(part[high])}{unit}")
        for key, words in (("exclusiveMinimum", "over"), ("exclusiveMaximum", "under")):
            if key in part:
                said.append(f"{words} {_number(part[key])}")
        if "pattern" in part:
            said.append(f"matching {part['pattern']}")
    return [escape(words) for words in said]


def _notes(schema: dict[str, Any]) -> str:
    """A field's description, bounds and default, as HTML."""
    notes = [escape(str(schema["description"]))] if schema.get("description") else []
    notes.extend(_bounds(schema))
    if "default" in schema:
        notes.append(f"default <code>{escape(json.dumps(schema['default']))}</code>")
    if schema.get("additionalProperties") is False:
        notes.append("no other fields")
    return "; ".join(notes)


def _resolve(schema: dict[str, Any], schemas: dict[str, Any]) -> dict[str, Any]:
    """The object schema behind a reference, or behind an optional one (``X or null``)."""
    if "$ref" in schema:
        found = schemas.get(_schema_name(str(schema["$ref"])))
        return found if isinstance(found, dict) else schema
    members = [m for m in schema.get("anyOf", ()) if m.get("type") != "null"]
    if len(members) == 1:
        return _resolve(members[0], schemas)
    return schema


def fields_table(schema: dict[str, Any], schemas: dict[str, Any]) -> str:
    """The fields of an object schema (a reference resolved) as an HTML table; its type in
    words when it has no fields."""
    resolved = _resolve(schema, schemas)
    properties = resolved.get("properties")
    if not isinstance(properties, dict) or not properties:
        return f"<p>{type_words(schema)}</p>"
    required = set(resolved.get("required", ()))
    rows = "\n".join(
        f"      <tr><td><code>{escape(name)}</code></td><td>{type_words(field)}</td>"
        f"<td>{'required' if name in required else 'optional'}</td><td>{_notes(field)}</td></tr>"
        for name, field in properties.items())
    return ("    <table>\n      <tr><th>field</th><th>type</th><th></th><th>notes</th></tr>\n"
            f"{rows}\n    </table>")


def _with_description(parameter: dict[str, Any]) -> dict[str, Any]:
    """A parameter's schema with the parameter's description (OpenAPI keeps it beside)."""
    schema: dict[str, Any] = dict(parameter.get("schema", {}))
    if parameter.get("description"):
        schema["description"] = parameter["description"]
    return schema


def _paragraphs(text: str | None) -> str:
    """A docstring as paragraphs, the names in it between double backquotes as code (after
    escaping: nothing of the text becomes markup).

    >>> _paragraphs("A ``seat`` & more.\\n\\nNext.")
    '    <p>A <code>seat</code> &amp; more.</p>\\n    <p>Next.</p>'
    """
    if not text:
        return ""
    return "\n".join(f"    <p>{_CODE.sub(_as_code, escape(' '.join(part.split())))}</p>"
                     for part in text.split("\n\n") if part.strip())


def _as_code(found: re.Match[str]) -> str:
    return f"<code>{found.group(1)}</code>"


def _anchor(method: str, path: str) -> str:
    return escape(f"{method}-{path}".replace("/", "-").replace("{", "").replace("}", ""))


def _operation(path: str, method: str, operation: dict[str, Any], schemas: dict[str, Any]) -> str:
    parts = [f'  <h2 id="{_anchor(method, path)}"><span class="method {escape(method)}">{escape(method.upper())}'
             f"</span><code>{escape(path)}</code></h2>"]
    if operation.get("summary"):
        parts.append(f"    <p><strong>{escape(str(operation['summary']))}</strong></p>")
    parts.append(_paragraphs(operation.get("description")))
    parameters = [p for p in operation.get("parameters", ()) if isinstance(p, dict)]
    if parameters:
        rows = "\n".join(
            f"      <tr><td><code>{escape(str(p.get('name', '')))}</code></td><td>{escape(str(p.get('in', '')))}</td>"
            f"<td>{type_words(p.get('schema', {}))}</td><td>{'required' if p.get('required') else 'optional'}</td>"
            f"<td>{_notes(_with_description(p))}</td></tr>" for p in parameters)
        parts.append("    <h3>Parameters</h3>\n    <table>\n      <tr><th>name</th><th>in</th><th>type</th>"
                     f"<th></th><th>notes</th></tr>\n{rows}\n    </table>")
    body = operation.get("requestBody")
    if isinstance(body, dict):
        for media, content in body.get("content", {}).items():
            schema = content.get("schema", {})
            need = "required" if body.get("required") else "optional"
            parts.append(f"    <h3>Request body</h3>\n    <p><code>{escape(media)}</code>, {need}: "
                         f"{type_words(schema)}</p>\n{fields_table(schema, schemas)}")
    responses = operation.get("responses", {})
    if responses:
        items = "\n".join(
            f"      <li><code>{escape(str(code))}</code> {escape(str(answer.get('description', '')))}</li>"
            for code, answer in responses.items())
        parts.append(f"    <h3>Responses</h3>\n    <ul>\n{items}\n    </ul>")
    return "\n".join(part for part in parts if part)


def render(openapi: dict[str, Any], openapi_url: str = "/api/openapi.json") -> str:
    """The page for an OpenAPI schema (3.x, as FastAPI makes it), served at ``openapi_url``."""
    info = openapi.get("info", {})
    schemas: dict[str, Any] = openapi.get("components", {}).get("schemas", {})
    toc: list[str] = []
    operations: list[str] = []
    for path, item in openapi.get("paths", {}).items():
        for method in METHODS:
            operation = item.get(method)
            if not isinstance(operation, dict):
                continue
            toc.append(f'    <li><a href="#{_anchor(method, path)}"><span class="method {escape(method)}">'
                       f"{escape(method.upper())}</span><code>{escape(path)}</code></a></li>")
            operations.append(_operation(path, method, operation, schemas))
    entries = "\n".join(
        f'  <h3 id="schema-{escape(name)}">{escape(name)}</h3>\n{_paragraphs(schema.get("description"))}\n'
        f"{fields_table(schema, schemas)}" for name, schema in schemas.items())
    return _PAGE.format(title=escape(str(info.get("title", "API"))), version=escape(str(info.get("version", ""))),
                        openapi=escape(openapi_url), toc="\n".join(toc), operations="\n".join(operations),
                        schemas=entries)


def install(app: FastAPI) -> None:
    """Serve the page at /api/docs (made once, at its first request: the routes are all
    there by then)."""
    made: list[str] = []

    @app.get("/api/docs", include_in_schema=False)
    async def api_docs() -> HTMLResponse:
        if not made:
            made.append(render(app.openapi(), app.openapi_url or ""))
        return HTMLResponse(made[0])


__all__ = ["fields_table", "install", "render", "type_words"]
