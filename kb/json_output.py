"""The one JSON shape of every ``--json`` output: an object naming its schema and version, then the payload.

Each command's shape is a JSON Schema under docs/reference/schemas/ (published with the site); a change that
breaks a reader of the old shape raises ``SCHEMA_VERSION``.
"""

from __future__ import annotations

import json

SCHEMA_VERSION = 1
SCHEMAS_FOLDER = "docs/reference/schemas"


def json_document(schema: str, payload: dict) -> str:
    """``{"schema_version": 1, "schema": "ask", …payload}`` as indented JSON, non-ASCII kept as written."""
    return json.dumps(
        {"schema_version": SCHEMA_VERSION, "schema": schema, **payload}, ensure_ascii=False, indent=1
    )
