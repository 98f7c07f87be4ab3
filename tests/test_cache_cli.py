"""``odds cache info|verify|clear|build``, and the games' commands answering through every store fault."""

import dataclasses

import pytest

import analysis.store as store_module
from analysis.store import Store
from tests.conftest import assert_one_sentence_error


@pytest.fixture
def store(tmp_path, monkeypatch):
    """A private, empty store for the test, with the in-process table caches emptied around it."""
    from analysis.bluff.odds import count_tables
    from analysis.brag.showdown.equity import _versus
    from analysis.brag.showdown.tables import hand_table

    monkeypatch.setenv("ODDS_CACHE_DIR", str(tmp_path / "store"))
    caches = (count_tables, hand_table, _versus)
    for cached in caches:
        cached.cache_clear()
    store_module._WARNED.clear()
    yield Store(tmp_path / "store")
    for cached in caches:
        cached.cache_clear()
    store_module._WARNED.clear()


def _only_count_tables(monkeypatch):
    """``odds cache build bluff`` limited to its first, quickest step (the others solve rounds for minutes)."""
    from analysis.cli.cache import declare_tables

    declare_tables(["bluff"])
    steps = store_module.PREPARE_STEPS["bluff"]
    assert steps[0][0].startswith("count tables")
    monkeypatch.setitem(store_module.PREPARE_STEPS, "bluff", steps[:1])


BLUFF_ODDS = ("bluff", "odds", "--dice", "3 3 * 5 1", "--unknown", "13", "--bid", "7x3")
BRAG_EQUITY = ("brag", "equity", "KS KH 7D", "--opponents", "1")


def test_info_on_an_empty_store_says_where_it_is(odds, store):
    result = odds("cache", "info")
    assert result.code == 0
    assert str(store.root) in result.out and "No tables stored yet" in result.out
    assert odds("cache", "info", "--json").json() == {"root": str(store.root), "tables": [], "bytes": 0}


def test_build_info_verify_clear(odds, store, monkeypatch):
    from analysis.bluff.odds import COUNT_TABLES

    _only_count_tables(monkeypatch)
    built = odds("cache", "build", "bluff")
    assert built.code == 0 and "[1/1] bluff: count tables" in built.err
    path = next(store.root.rglob("*.podds"))
    assert store.load(COUNT_TABLES, None, {"max_unknown": 200, "chances": [1 / 3, 1 / 6]}) is not None

    info = odds("cache", "info", "--json").json()
    [row] = info["tables"]
    assert (row["game"], row["table"], row["bytes"]) == ("bluff", "count-tables", path.stat().st_size)
    assert row["version"] == f"v{COUNT_TABLES.version} ({store_module._package_version()})"
    assert row["built"].startswith("20")
    assert "bluff: 1 table" in odds("cache", "info").out

    assert odds("cache", "verify", "--json").json()["sound"] == 1
    blob = bytearray(path.read_bytes())
    blob[-30] ^= 0x10
    path.write_bytes(bytes(blob))
    report = odds("cache", "verify", "--json").json()
    assert (report["sound"], report["damaged"]) == (0, 1)
    assert report["tables"][0]["problem"] == "the cached file is damaged (its checksum does not match)"
    assert "1 damaged" in odds("cache", "verify").out

    cleared = odds("cache", "clear", "bluff")
    assert cleared.code == 0 and cleared.out.startswith("Removed 1 bluff table (")
    assert not list(store.root.rglob("*.podds"))


def test_verify_tells_stale_and_unknown_tables(odds, store, monkeypatch):
    _only_count_tables(monkeypatch)
    odds("cache", "build", "bluff")
    stray = store.root / "bluff" / "retired-table" / "all-0123456789ab.podds"
    stray.parent.mkdir(parents=True)
    stray.write_bytes(next(store.root.rglob("*.podds")).read_bytes())
    from analysis.bluff.odds import COUNT_TABLES

    monkeypatch.setitem(store_module.KINDS, COUNT_TABLES.name, COUNT_TABLES)   # put back afterwards
    dataclasses.replace(COUNT_TABLES, version=COUNT_TABLES.version + 1)        # declared anew, one version on
    report = odds("cache", "verify", "bluff", "--json").json()
    assert (report["stale"], report["unknown"], report["sound"], report["damaged"]) == (1, 1, 0, 0)
    [stale] = [row for row in report["tables"] if row["status"] == "stale"]
    assert stale["problem"] == (f"version {COUNT_TABLES.version} of its kind, this release reads "
                                f"{COUNT_TABLES.version + 1}; rebuilt on next use")


def test_clear_one_game_leaves_the_others_and_foreign_files(odds, store):
    from analysis.bluff.odds import count_tables
    from analysis.brag.showdown.tables import hand_table

    count_tables()
    hand_table("brag3")
    foreign = store.root / "yacht" / "notes.txt"
    foreign.parent.mkdir(parents=True)
    foreign.write_text("not a table")
    leftover = store.root / "yacht" / "values.podds1234.tmp"   # an interrupted write
    leftover.write_bytes(b"half a file")
    assert odds("cache", "clear", "yacht").out.startswith("Removed 0 yacht tables (11 B)")
    assert foreign.exists() and not leftover.exists()
    assert odds("cache", "clear", "brag", "--json").json()["removed"] == 1
    assert [p.parts[-3] for p in store.root.rglob("*.podds")] == ["bluff"]
    assert odds("cache", "clear").code == 0
    assert not list(store.root.rglob("*.podds")) and foreign.exists()


@pytest.mark.parametrize("argv", [("cache", "clear", "chess"), ("cache", "build", "chess"), ("cache", "wipe")])
def test_bad_cache_commands_are_one_sentence(odds, argv):
    assert_one_sentence_error(odds(*argv))


@pytest.mark.parametrize("command", [BLUFF_ODDS, BRAG_EQUITY], ids=["bluff-odds", "brag-equity"])
@pytest.mark.parametrize("fault", ["proc", "folder-is-a-file", "damaged-file", "folder-in-place"])
def test_commands_answer_the_same_through_a_store_fault(odds, store, tmp_path, monkeypatch, command, fault):
    from analysis.bluff.odds import count_tables
    from analysis.brag.showdown.tables import hand_table

    before = odds(*command)
    assert before.code == 0 and before.err == ""
    count_tables.cache_clear()
    hand_table.cache_clear()
    paths = list(store.root.rglob("*.podds"))
    # A warm `brag equity` reads only its heads-up table (one row of it): the fault goes there.
    [path] = [p for p in paths if "versus" in p.parts] or paths
    if fault == "proc":
        monkeypatch.setenv("ODDS_CACHE_DIR", "/proc/nonexistent")
    elif fault == "folder-is-a-file":
        monkeypatch.setenv("ODDS_CACHE_DIR", str(path))
    elif fault == "damaged-file":
        path.write_bytes(path.read_bytes()[:100])
    else:
        path.unlink()
        (path / "inside").mkdir(parents=True)
    after = odds(*command)
    assert (after.code, after.out) == (0, before.out)
    [line] = after.err.splitlines()
    expected = {"proc": "answering without caching", "folder-is-a-file": "answering without caching",
                "damaged-file": "the cached file is damaged (it is cut short)",
                "folder-in-place": "the cached file is damaged (a folder is in its place"}[fault]
    assert line.startswith("odds: ") and expected in line


@pytest.mark.parametrize("command", [
    BLUFF_ODDS,
    ("bluff", "call", "--preset", "perudo", "--dice", "1 4 4 6 2", "--opponents", "5", "5", "--bid", "5x4"),
    ("bluff", "table", "--preset", "liars_dice", "--max-unknown", "20"),
], ids=["bluff-odds", "perudo-call", "liars-dice-table"])
def test_the_count_tables_step_covers_what_the_bid_odds_commands_read(odds, store, monkeypatch, command):
    """After ``odds cache build bluff``'s count-table step, the bid-odds commands store nothing new."""
    from analysis.bluff.odds import count_tables

    _only_count_tables(monkeypatch)
    assert odds("cache", "build", "bluff").code == 0
    built = sorted(store.root.rglob("*.podds"))
    count_tables.cache_clear()           # read the stored files, not this process's copy
    answer = odds(*command)
    assert answer.code == 0 and answer.err == ""
    assert sorted(store.root.rglob("*.podds")) == built
