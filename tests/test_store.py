import numpy as np
import pytest

from analysis.errors import InvalidArgument
from analysis.store import Store


def _build_counter():
    calls = []

    def build():
        calls.append(1)
        return {"table": np.arange(10, dtype=np.float64) / 3, "counts": np.array([1, 2, 3])}

    return build, calls


def test_second_load_is_served_from_disk(tmp_path):
    store = Store(tmp_path)
    build, calls = _build_counter()
    first = store.load_or_build("game/table", {"preset": "x", "version": 1}, build)
    second = store.load_or_build("game/table", {"preset": "x", "version": 1}, build)
    assert len(calls) == 1
    assert np.array_equal(first["table"], second["table"])
    assert second["counts"].tolist() == [1, 2, 3]


def test_other_key_or_version_is_stale_and_rebuilt(tmp_path):
    store = Store(tmp_path)
    build, calls = _build_counter()
    store.load_or_build("game/table", {"preset": "x", "version": 1}, build)
    store.load_or_build("game/table", {"preset": "x", "version": 2}, build)
    assert len(calls) == 2
    assert store.load("game/table", {"preset": "x", "version": 1}) is None


@pytest.mark.parametrize("damage", ["truncate", "flip", "garbage", "empty"])
def test_damaged_file_is_rebuilt_not_trusted(tmp_path, damage, capsys):
    store = Store(tmp_path)
    build, calls = _build_counter()
    key = {"preset": "x"}
    path = store.save("game/table", key, build())
    blob = bytearray(path.read_bytes())
    if damage == "truncate":
        blob = blob[: len(blob) // 2]
    elif damage == "flip":
        blob[-20] ^= 0x01
    elif damage == "garbage":
        blob = bytearray(b"not a table at all")
    else:
        blob = bytearray()
    path.write_bytes(bytes(blob))
    assert store.load("game/table", key) is None
    rebuilt = store.load_or_build("game/table", key, build)
    assert len(calls) == 2
    assert rebuilt["counts"].tolist() == [1, 2, 3]
    assert "damaged" in capsys.readouterr().err
    assert store.load("game/table", key) is not None


def test_no_temporary_files_are_left_behind(tmp_path):
    store = Store(tmp_path)
    store.save("a/b", {}, {"x": np.zeros(3)})
    assert sorted(p.name for p in (tmp_path / "a").iterdir()) == ["b.podds"]


@pytest.mark.parametrize("name", ["", "../escape", "a//b", "a/./b"])
def test_bad_names_are_refused(tmp_path, name):
    with pytest.raises(InvalidArgument):
        Store(tmp_path).path(name)
