"""The table store: every fault class of a cached file or folder still gives the answer the intact store gave."""

import errno
import json
import multiprocessing
import os
import sys
import tempfile

import numpy as np
import pytest

import analysis.store as store_module
from analysis.store import Array, Store, TableKind

#: A distribution per row and a count per row: enough layout for every check the store makes.
DEMO = TableKind("demo/dist", {"dist": Array("float64", ("rows", 3), within=(0, 1), sums_to_one=1),
                                "counts": Array("int64", ("rows",))},
                 version=1,
                 check=lambda arrays, params: None if arrays["counts"].min() >= 1 else "a count is below 1")
PARAMS = {"rows": 4}


def _demo_table(rows=4):
    dist = np.arange(1, 3 * rows + 1, dtype=np.float64).reshape(rows, 3)
    return {"dist": dist / dist.sum(axis=1, keepdims=True), "counts": np.arange(1, rows + 1)}


class Builder:
    def __init__(self):
        self.calls = 0

    def __call__(self):
        self.calls += 1
        return _demo_table()


def _equal(first, second):
    return set(first) == set(second) and all(np.array_equal(first[k], second[k]) for k in first)


@pytest.fixture(autouse=True)
def _fresh_warnings():
    store_module._WARNED.clear()
    yield
    store_module._WARNED.clear()


def _one_line(err: str) -> str:
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1, err
    return lines[0]


def test_second_load_is_served_from_disk(tmp_path, capsys):
    store, build = Store(tmp_path), Builder()
    first = store.table(DEMO, "rules-a", PARAMS, build)
    second = store.table(DEMO, "rules-a", PARAMS, build)
    assert build.calls == 1
    assert _equal(first, second) and _equal(second, _demo_table())
    assert capsys.readouterr().err == ""


def test_other_rules_or_parameters_get_their_own_file(tmp_path):
    store, build = Store(tmp_path), Builder()
    paths = {store.path(DEMO, rules, params) for rules, params in
             [("Pair+", PARAMS), ("pair+", PARAMS), ("pair+", {"rows": 5}), (None, PARAMS)]}
    assert len(paths) == 4
    # Names differing only in case would collide on a case-insensitive disk: the store's names never do.
    assert len({str(p).lower() for p in paths}) == 4
    store.table(DEMO, "Pair+", PARAMS, build)
    assert store.load(DEMO, "pair+", PARAMS) is None
    assert store.load(DEMO, "Pair+", PARAMS) is not None


def test_rules_objects_are_keyed_by_their_fields(tmp_path):
    from analysis.brag.rules import preset

    store = Store(tmp_path)
    plain, other = preset("brag3"), preset("brag3", prial_333_high=False)
    assert store.path(DEMO, plain, PARAMS) != store.path(DEMO, other, PARAMS)
    assert store.path(DEMO, plain, PARAMS) == store.path(DEMO, preset("brag3"), PARAMS)
    assert store.path(DEMO, plain, PARAMS).name.startswith("brag3-")


def _damage(path, how):
    blob = bytearray(path.read_bytes())
    if how == "truncate":
        blob = blob[: len(blob) // 2]
    elif how == "flip":
        blob[-20] ^= 0x01
    elif how == "garbage":
        blob = bytearray(b"not a table at all")
    elif how == "empty":
        blob = bytearray()
    elif how in ("header-list", "header-string", "header-missing-field"):
        header = {"header-list": b"[1, 2, 3]", "header-string": b'"a table"',
                  "header-missing-field": b'{"format": 3}'}[how]
        blob = bytearray(store_module._MAGIC + len(header).to_bytes(4, "little") + header + b"payload")
    elif how == "header-length":
        start = len(store_module._MAGIC)
        blob[start:start + 4] = (2 ** 31).to_bytes(4, "little")
    path.write_bytes(bytes(blob))


@pytest.mark.parametrize("how", ["truncate", "flip", "garbage", "empty", "header-list", "header-string",
                                 "header-missing-field", "header-length"])
def test_damaged_file_is_rebuilt_not_trusted(tmp_path, how, capsys):
    store, build = Store(tmp_path), Builder()
    before = store.table(DEMO, "x", PARAMS, build)
    _damage(store.path(DEMO, "x", PARAMS), how)
    assert store.load(DEMO, "x", PARAMS) is None
    after = store.table(DEMO, "x", PARAMS, build)
    assert build.calls == 2 and _equal(after, before)
    line = _one_line(capsys.readouterr().err)
    assert line.startswith("odds: rebuilding demo/dist (x): the cached file is damaged (") and line.endswith(").")
    assert _equal(store.load(DEMO, "x", PARAMS), before)


def _forge(monkeypatch, store, arrays):
    """Write ``arrays`` with a valid checksum and the right key, as an older builder would have."""
    with monkeypatch.context() as patch:
        patch.setattr(store_module, "check_arrays", lambda *args: None)
        store.save(DEMO, "x", PARAMS, arrays)


@pytest.mark.parametrize("forged", [
    {"dist": _demo_table()["dist"]},                                                   # an array missing
    {**_demo_table(), "extra": np.zeros(2)},                                           # an array too many
    {"dist": _demo_table()["dist"][:, :2], "counts": np.arange(1, 5)},                 # a wrong shape
    {"dist": _demo_table()["dist"], "counts": np.arange(1, 5).astype(np.float64)},     # a wrong dtype
    {"dist": np.zeros((4, 3)), "counts": np.zeros(4, dtype=np.int64)},                 # zeros
    {"dist": -_demo_table()["dist"], "counts": np.arange(1, 5)},                       # outside [0, 1]
    {"dist": np.full((4, 3), np.nan), "counts": np.arange(1, 5)},                      # not numbers
    {"dist": _demo_table()["dist"], "counts": np.zeros(4, dtype=np.int64)},            # the kind's own check
], ids=["missing", "extra", "shape", "dtype", "zeros", "range", "nan", "check"])
def test_intact_file_with_other_arrays_is_rebuilt(tmp_path, monkeypatch, capsys, forged):
    store, build = Store(tmp_path), Builder()
    before = store.table(DEMO, "x", PARAMS, build)
    _forge(monkeypatch, store, forged)
    assert store.load(DEMO, "x", PARAMS) is None
    assert _equal(store.table(DEMO, "x", PARAMS, build), before)
    assert "the cached file is damaged (" in _one_line(capsys.readouterr().err)
    assert _equal(store.load(DEMO, "x", PARAMS), before)


def test_a_table_built_for_another_key_in_its_place_is_rebuilt(tmp_path, capsys):
    store, build = Store(tmp_path), Builder()
    before = store.table(DEMO, "x", PARAMS, build)
    other = store.save(DEMO, "y", PARAMS, _demo_table())
    os.replace(other, store.path(DEMO, "x", PARAMS))
    assert _equal(store.table(DEMO, "x", PARAMS, build), before)
    assert "it holds another table" in _one_line(capsys.readouterr().err)


def test_a_folder_in_the_files_place(tmp_path, capsys):
    store, build = Store(tmp_path), Builder()
    before = build()
    path = store.path(DEMO, "x", PARAMS)
    (path / "inside").mkdir(parents=True)
    assert _equal(store.table(DEMO, "x", PARAMS, build), before)
    assert _equal(store.table(DEMO, "x", PARAMS, build), before)
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 2 and all("the cached file is damaged (a folder is in its place" in line for line in lines)
    assert (path / "inside").is_dir()  # the user's folder is left alone


def test_an_unreadable_file_is_rebuilt(tmp_path, monkeypatch, capsys):
    store, build = Store(tmp_path), Builder()
    before = store.table(DEMO, "x", PARAMS, build)
    path = store.path(DEMO, "x", PARAMS)
    real = type(path).read_bytes

    def refuse(self):
        if self == path:
            raise PermissionError(errno.EACCES, "Permission denied")
        return real(self)

    monkeypatch.setattr(type(path), "read_bytes", refuse)
    assert _equal(store.table(DEMO, "x", PARAMS, build), before)
    assert "it cannot be read: Permission denied" in _one_line(capsys.readouterr().err)
    monkeypatch.undo()
    assert _equal(store.load(DEMO, "x", PARAMS), before)  # the rebuilt file replaced the unreadable one


def _read_only(monkeypatch):
    def refuse(*args, **kwargs):
        raise PermissionError(errno.EROFS, "Read-only file system")
    monkeypatch.setattr(tempfile, "mkstemp", refuse)


def _full(monkeypatch):
    def refuse(fd):
        raise OSError(errno.ENOSPC, "No space left on device")
    monkeypatch.setattr(store_module.os, "fsync", refuse)


@pytest.mark.parametrize("fault", ["read-only", "full", "folder-is-a-file", "proc"])
def test_an_unwritable_cache_folder_answers_without_caching(tmp_path, monkeypatch, capsys, fault):
    before = _demo_table()
    root = tmp_path / "cache"
    if fault == "read-only":
        _read_only(monkeypatch)
    elif fault == "full":
        _full(monkeypatch)
    elif fault == "folder-is-a-file":
        root.write_text("not a folder")
    else:
        root = "/proc/nonexistent"
    store, build = Store(root), Builder()
    assert _equal(store.table(DEMO, "x", PARAMS, build), before)
    assert _equal(store.table(DEMO, "x", PARAMS, build), before)
    assert build.calls == 2  # nothing was cached...
    line = _one_line(capsys.readouterr().err)  # ...and that is said once
    assert line.startswith(f"odds: the table cache {root} cannot be written (") and "without caching" in line
    if fault != "proc":
        leftovers = [p for p in tmp_path.rglob("*") if p.suffix == ".tmp"]
        assert leftovers == []


def test_a_bumped_version_is_never_answered_from_the_old_table(tmp_path, capsys):
    store = Store(tmp_path)
    old = TableKind("demo/built", {"sq": Array("int64", (4,))}, version=1)
    assert store.table(old, None, {}, lambda: {"sq": np.arange(4) ** 2})["sq"].tolist() == [0, 1, 4, 9]
    new = TableKind("demo/built", {"sq": Array("int64", (4,))}, version=2)   # the builder's numbers changed
    assert store.load(new, None, {}) is None
    rebuilt = store.table(new, None, {}, lambda: {"sq": 2 * np.arange(4) ** 2})
    assert rebuilt["sq"].tolist() == [0, 2, 8, 18]
    assert _one_line(capsys.readouterr().err) == ("odds: rebuilding demo/built: the cached table is version 1 of its "
                                                 "kind; this release reads version 2.")
    assert store.load(new, None, {})["sq"].tolist() == [0, 2, 8, 18] and store.load(old, None, {}) is None


def test_a_file_of_an_older_format_is_rebuilt_as_stale_not_damaged(tmp_path, capsys):
    """Format 2 keyed a table by its building code's source text; such a file is rebuilt, said as such."""
    store = Store(tmp_path)
    store.table(DEMO, "x", PARAMS, Builder())
    path = store.path(DEMO, "x", PARAMS)
    blob = path.read_bytes()
    start = len(store_module._MAGIC) + 4
    size = int.from_bytes(blob[len(store_module._MAGIC):start], "little")
    header = json.loads(blob[start:start + size])
    header["format"], header["fingerprint"] = 2, "0123456789abcdef"
    del header["version"]
    text = json.dumps(header).encode()
    path.write_bytes(store_module._MAGIC + len(text).to_bytes(4, "little") + text + blob[start + size:])
    build = Builder()
    assert _equal(store.table(DEMO, "x", PARAMS, build), _demo_table()) and build.calls == 1
    assert _one_line(capsys.readouterr().err) == ("odds: rebuilding demo/dist (x): the cached table was written in "
                                                 "file format 2; this release reads format 3.")


def _build_in_child(root, barrier, results):
    barrier.wait()  # both processes start building at the same moment
    store = Store(root)

    def slow_build():
        barrier.wait()  # both are inside the build before either writes
        return _demo_table(rows=400)

    table = store.table(DEMO, "x", {"rows": 400}, slow_build)
    results.put(_equal(table, _demo_table(rows=400)))


def test_two_processes_building_one_table_leave_one_intact_file(tmp_path):
    context = multiprocessing.get_context("fork" if sys.platform != "win32" else "spawn")
    barrier, results = context.Barrier(2), context.Queue()
    children = [context.Process(target=_build_in_child, args=(str(tmp_path), barrier, results)) for _ in range(2)]
    for child in children:
        child.start()
    for child in children:
        child.join(timeout=60)
    assert [child.exitcode for child in children] == [0, 0]
    assert [results.get(timeout=5), results.get(timeout=5)] == [True, True]
    files = [p for p in tmp_path.rglob("*") if p.is_file()]
    assert files == [Store(tmp_path).path(DEMO, "x", {"rows": 400})]
    assert _equal(Store(tmp_path).load(DEMO, "x", {"rows": 400}), _demo_table(rows=400))


def test_a_table_that_breaks_its_own_layout_is_answered_but_never_saved(tmp_path, capsys):
    wrong = {"dist": np.zeros((4, 3)), "counts": np.arange(1, 5)}
    assert _equal(Store(tmp_path).table(DEMO, "x", PARAMS, lambda: wrong), wrong)
    assert "does not match its declared layout (array dist is not a distribution" in _one_line(capsys.readouterr().err)
    assert not any(tmp_path.rglob("*.podds"))


def test_kind_names_are_checked_when_declared():
    for name in ["", "nogame", "Brag/Strengths", "brag/../escape", "brag//x"]:
        with pytest.raises(ValueError):
            TableKind(name, {}, version=1)
    for version in (0, -1, 1.5, "1", True, None):
        with pytest.raises(ValueError):
            TableKind("demo/versioned", {}, version=version)


def test_an_array_declared_nonzero_refuses_all_zeros(tmp_path, monkeypatch):
    """A solve that did not run leaves zeros: such a file is neither served nor saved."""
    kind = TableKind("demo/nonzero", {"values": Array("float64", (None,), within=(0, 10), nonzero=True)},
                     version=1)
    store = Store(tmp_path)
    assert store.table(kind, "x", {}, lambda: {"values": np.array([0.0, 2.5, 0.0])})["values"][1] == 2.5
    store.save(kind, "x", {}, {"values": np.zeros(3)})                # refused: the sound table stays
    assert store.load(kind, "x", {})["values"].tolist() == [0.0, 2.5, 0.0]
    for zeros in (np.zeros(3), np.zeros(0)):
        with monkeypatch.context() as patch:
            patch.setattr(store_module, "check_arrays", lambda *args: None)
            store.save(kind, "x", {}, {"values": zeros})
        assert store.load(kind, "x", {}) is None
