"""The evaluator's weights: one file per preset, shipped in ``analysis/backgammon/weights/``.

A weights file is a store file (:mod:`analysis.store`: a JSON header with a SHA-256 of
the payload, then the arrays as ``.npz``), read by the package's one reader of shipped
tables (:func:`analysis.shipped.read_table_file`): a file that is cut short, has a flipped
bit, holds another preset's net, another version of the kind, or arrays of the wrong dtype
or shape is refused in one sentence, never used. The arrays are the two layers (``w1``
inputs x hidden, ``b1``, ``w2`` outputs x hidden, ``b2``) and ``record``, the training
record as JSON bytes (command, seed, games, seconds, commit, ...).

The encoding (the inputs, ``RAW_INPUTS`` for the raw encoding or ``INPUTS`` with the
hand-made features, and ``OUTPUTS``, both in the header's parameters) must be one the
forward pass reads: the first layer's rows say which. ``NET_WEIGHTS.version`` is bumped
when the forward pass reads a net's numbers differently.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

import numpy as np

from analysis.errors import InvalidArgument
from analysis.shipped import read_table_file
from analysis.store import Array, Store, TableKind
from analysis.backgammon.net_rules import INPUTS, OUTPUTS, RAW_INPUTS

WEIGHTS_DIR = Path(__file__).resolve().parent / "weights"
_LAYERS = {"w1": Array("float64", ("inputs", "hidden")), "b1": Array("float64", ("hidden",)),
           "w2": Array("float64", ("outputs", "hidden")), "b2": Array("float64", ("outputs",)),
           "record": Array("uint8", (None,))}
NET_WEIGHTS = TableKind("backgammon/net-weights", _LAYERS,
                        version=1)


def shipped_path(preset_name: str) -> Path:
    return WEIGHTS_DIR / f"{preset_name}.podds"


def _params(preset_name: str, hidden: int, inputs: int) -> dict:
    return {"preset": preset_name, "inputs": int(inputs), "outputs": OUTPUTS, "hidden": int(hidden)}


def new_net(hidden: int, seed: int, inputs: int = RAW_INPUTS) -> dict:
    """Small random weights (normal, sd 0.1) from ``seed``; ``inputs`` INPUTS for the hand-made features."""
    rng = np.random.default_rng(seed)
    return {"w1": rng.normal(0.0, 0.1, (inputs, hidden)), "b1": np.zeros(hidden),
            "w2": rng.normal(0.0, 0.1, (OUTPUTS, hidden)), "b2": np.zeros(OUTPUTS)}


def save_weights(path: str | os.PathLike, preset_name: str, net: dict, record: dict) -> Path:
    """Write ``net`` and its training ``record`` to ``path`` atomically (a store file)."""
    path = Path(path)
    arrays = {name: np.ascontiguousarray(net[name], dtype=np.float64) for name in ("w1", "b1", "w2", "b2")}
    arrays["record"] = np.frombuffer(json.dumps(record, sort_keys=True).encode(), dtype=np.uint8)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(dir=path.parent) as scratch:
            written = Store(scratch).save(NET_WEIGHTS, None, _params(preset_name, arrays["b1"].shape[0],
                                                                       arrays["w1"].shape[0]), arrays)
            if written is None:
                raise OSError(f"cannot write into {path.parent}")
            os.chmod(written, 0o644)        # a shipped file, readable by all (the temporary name was private)
            os.replace(written, path)
    except OSError as error:
        raise InvalidArgument(f"Cannot write the weights to {path}: {error.strerror or error}.") from error
    return path


def load_weights(path: str | os.PathLike, preset_name: str) -> tuple[dict, dict]:
    """(net arrays, training record) from ``path``, after the store's checks; one sentence if refused."""
    header, arrays = read_table_file(path, NET_WEIGHTS, "weights file")
    params = header["params"]
    hidden = params.get("hidden")
    if not isinstance(hidden, int) or not 1 <= hidden <= 4096:
        problem = "its header gives no hidden layer size"
    elif params != _params(preset_name, hidden, params.get("inputs")) or params["inputs"] not in (RAW_INPUTS, INPUTS):
        problem = (f"it holds a net for {params.get('preset')!r} with {params.get('inputs')} inputs and "
                   f"{params.get('outputs')} outputs, not {preset_name!r} with {INPUTS} (or {RAW_INPUTS}, "
                   f"the raw encoding) and {OUTPUTS}")
    else:
        record = json.loads(arrays.pop("record").tobytes().decode())
        return arrays, record
    raise InvalidArgument(f"The weights file {path} is refused: {problem}.")
