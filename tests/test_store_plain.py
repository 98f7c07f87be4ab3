"""Reading stored tables without numpy: the same values as the numpy read, and nothing served that it would refuse."""

import subprocess
import sys

import numpy as np
import pytest

import analysis.store as store_module
from analysis.plain_arrays import PlainArray
from analysis.store import Array, Store, TableKind

#: Every dtype the plain reader maps, in shapes of 0 to 3 axes, and a distribution to check bounds and sums.
PLAIN = TableKind("demo/plain", {
    "dist": Array("float64", ("rows", 3), within=(0, 1), sums_to_one=1),
    "wide": Array("float32", (2, None, 3)),
    "scalar": Array("int64", ()),
    **{name: Array(name, (5,)) for name in ("int8", "int16", "int32", "uint8", "uint16", "uint32", "uint64", "bool")},
}, code=("analysis.store",))
PARAMS = {"rows": 4}


def _table(rows=4):
    rng = np.random.default_rng(7)
    dist = rng.random((rows, 3))
    arrays = {"dist": dist / dist.sum(axis=1, keepdims=True),
              "wide": rng.normal(size=(2, 4, 3)).astype(np.float32), "scalar": np.int64(-12345678901)}
    for name in ("int8", "int16", "int32", "uint8", "uint16", "uint32", "uint64"):
        info = np.iinfo(name)
        arrays[name] = np.array([info.min, info.max, 0, 1, info.max // 3], dtype=name)
    arrays["bool"] = np.array([True, False, True, True, False])
    return arrays


def test_plain_read_gives_numpys_values_shapes_and_indexing(tmp_path):
    store = Store(tmp_path)
    stored = store.table(PLAIN, "x", PARAMS, _table)
    plain = store.load_plain(PLAIN, "x", PARAMS)
    assert plain is not None and set(plain) == set(stored)
    for name, values in stored.items():
        assert isinstance(plain[name], PlainArray)
        assert plain[name].shape == values.shape and plain[name].dtype == str(values.dtype)
        assert plain[name].tolist() == values.tolist()
    wide = stored["wide"]
    assert plain["wide"][1, 2, 0] == wide[1, 2, 0] and plain["wide"][-1, -1, -1] == wide[-1, -1, -1]
    assert list(plain["wide"].row(1)) == wide[1].ravel().tolist()
    assert list(plain["wide"].row(0, 3)) == wide[0, 3].tolist()
    with pytest.raises(IndexError):
        plain["wide"][2, 0, 0]
    with pytest.raises(IndexError):
        plain["wide"][0, 0]


def test_nothing_is_served_plain_that_the_numpy_read_refuses(tmp_path, monkeypatch):
    store = Store(tmp_path)
    assert store.load_plain(PLAIN, "x", PARAMS) is None                     # missing
    store.table(PLAIN, "x", PARAMS, _table)
    path = store.path(PLAIN, "x", PARAMS)
    intact = path.read_bytes()
    for damaged in (intact[:-7], intact[:-40] + bytes(40), b"", intact[:30]):
        path.write_bytes(damaged)
        assert store.load_plain(PLAIN, "x", PARAMS) is None
    flipped = bytearray(intact)
    flipped[-100] ^= 1
    path.write_bytes(bytes(flipped))
    assert store.load_plain(PLAIN, "x", PARAMS) is None
    path.write_bytes(intact)
    for forged in ({"dist": np.zeros((4, 3))}, {"dist": -_table()["dist"]}, {"dist": np.full((4, 3), np.nan)},
                   {"dist": np.full((4, 3), 0.5)}, {"scalar": np.float64(1.0)}, {"int8": np.zeros(4, np.int8)}):
        with monkeypatch.context() as patch:
            patch.setattr(store_module, "check_arrays", lambda *args: None)
            store.save(PLAIN, "x", PARAMS, {**_table(), **forged})
        assert store.load(PLAIN, "x", PARAMS) is None, forged
        assert store.load_plain(PLAIN, "x", PARAMS) is None, forged
    store.save(PLAIN, "y", PARAMS, _table())                                  # another table in its place
    path.write_bytes(store.path(PLAIN, "y", PARAMS).read_bytes())
    assert store.load_plain(PLAIN, "x", PARAMS) is None


def test_an_array_declared_nonzero_refuses_all_zeros_both_ways(tmp_path, monkeypatch):
    """A solve that did not run leaves zeros: such a file is neither served nor saved."""
    kind = TableKind("demo/nonzero", {"values": Array("float64", (None,), within=(0, 10), nonzero=True)},
                     code=("analysis.store",))
    store = Store(tmp_path)
    assert store.table(kind, "x", {}, lambda: {"values": np.array([0.0, 2.5, 0.0])})["values"][1] == 2.5
    assert store.load_plain(kind, "x", {})["values"].tolist() == [0.0, 2.5, 0.0]
    store.save(kind, "x", {}, {"values": np.zeros(3)})                # refused: the sound table stays
    assert store.load(kind, "x", {})["values"].tolist() == [0.0, 2.5, 0.0]
    for zeros in (np.zeros(3), np.zeros(0)):
        with monkeypatch.context() as patch:
            patch.setattr(store_module, "check_arrays", lambda *args: None)
            store.save(kind, "x", {}, {"values": zeros})
        assert store.load(kind, "x", {}) is None and store.load_plain(kind, "x", {}) is None


def test_a_table_from_other_code_is_not_served_plain(tmp_path, monkeypatch):
    store = Store(tmp_path)
    store.table(PLAIN, "x", PARAMS, _table)
    monkeypatch.setattr(store_module, "_source_digest", lambda module: "other code")
    assert store.load_plain(PLAIN, "x", PARAMS) is None


def test_kinds_with_a_check_function_cannot_be_read_plain(tmp_path):
    checked = TableKind("demo/checked", {"a": Array("int64", (2,))}, code=("analysis.store",),
                        check=lambda arrays, params: None)
    with pytest.raises(ValueError, match="check function"):
        Store(tmp_path).load_plain(checked)


def test_a_plain_read_imports_no_numpy(tmp_path):
    Store(tmp_path).table(PLAIN, "x", PARAMS, _table)
    script = (
        "import sys\n"
        "from analysis.store import Array, Store, TableKind\n"
        f"kind = TableKind('demo/plain', {{name: Array(spec.dtype, spec.shape, spec.within, spec.sums_to_one)"
        f" for name, spec in {PLAIN.arrays!r}.items()}}, code=('analysis.store',))\n"
        f"arrays = Store({str(tmp_path)!r}).load_plain(kind, 'x', {PARAMS!r})\n"
        "print(arrays['dist'][0, 0] > 0, 'numpy' in sys.modules)\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["True", "False"]
