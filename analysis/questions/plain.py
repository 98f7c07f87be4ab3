"""An answer as JSON-ready Python values: what ``odds ... --json`` prints and the page's ``/api`` gives."""

from __future__ import annotations

import math


def to_plain(value):
    """Numpy scalars/arrays, DataFrames and dataclasses as JSON-ready Python values."""
    import dataclasses  # lazy: keeps dataclasses out of the command line's start-up

    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        if hasattr(value, "to_dict"):
            return to_plain(value.to_dict())
        return {f.name: to_plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, dict):
        return {str(k): to_plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [to_plain(v) for v in value]
    if hasattr(value, "to_dict") and hasattr(value, "columns"):  # a DataFrame
        return [to_plain(row) for row in value.to_dict(orient="records")]
    if hasattr(value, "tolist"):
        return to_plain(value.tolist())
    if isinstance(value, float) and not math.isfinite(value):
        return None
    return value
