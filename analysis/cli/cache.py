"""``odds cache ...``: see, check, clear and fill the store of solved tables.

The store is the folder ``$ODDS_CACHE_DIR`` (default ``~/.cache/parlour-odds``);
see :mod:`analysis.store`. ``info`` reads only the files' headers and imports no
game; ``verify``, ``build`` and ``clear GAME`` import the games' modules, which
declare their kinds of table and their build steps (``analysis.store.prepares``).
"""

from __future__ import annotations

import importlib
import sys
import time
from pathlib import Path

from analysis.cli.common import add_json_flag, print_json
from analysis.errors import InvalidArgument

#: The games whose tables the store holds, in the order the commands list them.
GAMES = ("bluff", "yacht", "brag", "backgammon")


def register(subparsers) -> None:
    cache = subparsers.add_parser("cache", help="see, check, clear or fill the store of solved tables")
    commands = cache.add_subparsers(dest="command", metavar="COMMAND")
    commands.required = True

    info = commands.add_parser("info", help="the stored tables by game: size, when built, by which version")
    add_json_flag(info)
    info.set_defaults(handler=_info)

    for name, what, handler in (
            ("verify", "check every stored file (checksum, layout) and report damage", _verify),
            ("clear", "remove the stored tables (of one game, or all)", _clear),
            ("build", "build every table a game's commands use (before a game night)", _build)):
        command = commands.add_parser(name, help=what)
        command.add_argument("game", nargs="?", choices=GAMES, metavar="GAME",
                             help=f"only this game: {', '.join(GAMES)}")
        add_json_flag(command)
        command.set_defaults(handler=handler)


def declare_tables(games) -> None:
    """Import every module of each game's package: that declares its table kinds and build steps."""
    import pkgutil  # lazy: only the cache commands walk the packages; the command line's start-up skips it

    for game in games:
        package = importlib.import_module(f"analysis.{game}")
        # Every room of the game too (brag.showdown, bluff.sampled, ...): a kind is declared beside its builder.
        for module in pkgutil.walk_packages(package.__path__, f"{package.__name__}."):
            if module.name.rsplit(".", 1)[1].startswith("_"):   # kernels declare no tables
                continue
            try:
                importlib.import_module(module.name)
            except ImportError as error:   # e.g. an optional dependency: its tables are simply not listed
                print(f"odds: skipping {module.name} ({error}).", file=sys.stderr)


def _files(root: Path, game: str | None = None) -> list[Path]:
    from analysis.store import SUFFIX  # lazy: keeps numpy out of the command line's start-up

    folder = root / game if game else root
    if not folder.is_dir():
        return []
    return sorted(path for path in folder.rglob(f"*{SUFFIX}") if path.is_file())


def _describe(root: Path, path: Path, header: dict | None) -> dict:
    """One stored file as a row: game, table, rules, parameters, size, built, version."""
    relative = path.relative_to(root)
    row = {"game": relative.parts[0] if len(relative.parts) > 1 else "",
           "table": "/".join(relative.parts[1:-1]), "rules": path.stem.rsplit("-", 1)[0],
           "parameters": "", "bytes": _size(path), "built": None, "version": None, "path": str(path)}
    if header is not None:
        params = header.get("params") if isinstance(header.get("params"), dict) else {}
        row["parameters"] = ", ".join(f"{k}={v}" for k, v in sorted(params.items())
                                      if isinstance(v, (str, int, float)) and len(str(v)) <= 12)
        row["built"] = header.get("built") if isinstance(header.get("built"), str) else None
        package, version = header.get("package"), header.get("version")
        if isinstance(package, str) and isinstance(version, int):
            row["version"] = f"v{version} ({package})"
    return row


def _size(path: Path) -> int:
    try:
        return path.stat().st_size
    except OSError:
        return 0


def _bytes(count: float) -> str:
    for unit in ("B", "kB", "MB", "GB"):
        if count < 1000 or unit == "GB":
            return f"{count:,.0f} {unit}" if unit == "B" else f"{count:,.1f} {unit}"
        count /= 1000
    return f"{count} GB"


def _by_game(rows: list[dict]) -> dict[str, list[dict]]:
    grouped: dict[str, list[dict]] = {}
    for row in rows:
        grouped.setdefault(row["game"] or "(other)", []).append(row)
    return grouped


def _print_rows(rows: list[dict], status: bool = False) -> None:
    for game, members in _by_game(rows).items():
        print(f"{game}: {len(members)} table{'s' * (len(members) != 1)}, {_bytes(sum(r['bytes'] for r in members))}")
        for row in members:
            built = (row["built"] or "?").replace("T", " ").replace("+00:00", " UTC")
            line = (f"  {row['table']:<22} {row['rules']:<16} {_bytes(row['bytes']):>10}  {built:<24} "
                    f"{row['version'] or '?'}")
            if status:
                line += f"  {row['status']}" + (f": {row['problem']}" if row.get("problem") else "")
            print(line + (f"  ({row['parameters']})" if row["parameters"] and not status else ""))


def _info(args) -> int:
    from analysis.store import default_root, read_header  # lazy: keeps numpy out of the command line's start-up

    root = default_root()
    rows = [_describe(root, path, read_header(path)) for path in _files(root)]
    if args.json:
        print_json({"root": str(root), "tables": rows, "bytes": sum(r["bytes"] for r in rows)})
        return 0
    print(f"Table store: {root} (set ODDS_CACHE_DIR to move it)")
    if not rows:
        print("No tables stored yet: they are built on first use, or by `odds cache build`.")
        return 0
    _print_rows(rows)
    print(f"{len(rows)} table{'s' * (len(rows) != 1)}, {_bytes(sum(r['bytes'] for r in rows))} in all.")
    return 0


def _verify(args) -> int:
    # lazy: keeps numpy out of the command line's start-up
    from analysis.store import KINDS, check_table, default_root, file_digest, parse_file

    root = default_root()
    declare_tables([args.game] if args.game else GAMES)
    rows = []
    for path in _files(root, args.game):
        blob, header, problem = b"", None, None
        try:
            blob = path.read_bytes()
            header, _, problem = parse_file(blob)
        except OSError as error:
            problem = f"the cached file is damaged (it cannot be read: {error.strerror or error})"
        row = _describe(root, path, header)
        # A file of an older file format is not damaged: it is rebuilt like a table of another version.
        status = "damaged" if problem is None or problem.startswith("the cached file is damaged") else "stale"
        if problem is None:
            kind = KINDS.get(header["kind"])
            if kind is None or row["table"] != "/".join(header["kind"].split("/")[1:]):
                status, problem = "unknown", "no table of this kind is declared; nothing uses it"
            elif path.stem.rsplit("-", 1)[-1] != file_digest(header["rules"], header["params"]):
                problem = "the cached file is damaged (it holds another table)"
            elif header["version"] != kind.version:
                status, problem = "stale", (f"version {header['version']} of its kind, this release reads "
                                            f"{kind.version}; rebuilt on next use")
            else:
                problem = check_table(blob, kind)[2]
                status = "sound" if problem is None else status
        rows.append({**row, "status": status, "problem": problem})
    counts = {name: sum(r["status"] == name for r in rows) for name in ("sound", "stale", "damaged", "unknown")}
    if args.json:
        print_json({"root": str(root), "tables": rows, **counts})
        return 0
    _print_rows(rows, status=True)
    summary = ", ".join(f"{n} {name}" for name, n in counts.items() if n) or "no tables stored"
    print(f"{root}: {summary}." + (" Damaged files are rebuilt on next use, or now by `odds cache build`."
                                   if counts["damaged"] else ""))
    return 0


def _clear(args) -> int:
    from analysis.store import SUFFIX, default_root  # lazy: keeps numpy out of the command line's start-up

    root = default_root()
    removed, freed = 0, 0
    folder = root / args.game if args.game else root
    # Only the store's own files (and leftovers of interrupted writes): the folder may be shared.
    targets = _files(root, args.game) + (sorted(folder.rglob("*.podds*.tmp")) if folder.is_dir() else [])
    for path in targets:
        size = _size(path)
        try:
            path.unlink()
        except FileNotFoundError:
            continue
        except OSError as error:
            raise InvalidArgument(f"Could not remove {path} ({error.strerror or error}); "
                                  f"{removed} files were removed before it.") from None
        removed, freed = removed + (path.suffix == SUFFIX), freed + size
    for sub in sorted((p for p in folder.rglob("*") if p.is_dir()), key=lambda p: -len(p.parts)) \
            if folder.is_dir() else []:
        try:
            sub.rmdir()   # only empty folders go
        except OSError:
            pass
    what = " ".join(filter(None, [args.game, "table" if removed == 1 else "tables"]))
    if args.json:
        print_json({"root": str(root), "game": args.game, "removed": removed, "bytes": freed})
    else:
        print(f"Removed {removed} {what} ({_bytes(freed)}) from {folder}.")
    return 0


def _build(args) -> int:
    from analysis.store import PREPARE_STEPS, default_root  # lazy: keeps numpy out of the command line's start-up

    games = [args.game] if args.game else list(GAMES)
    declare_tables(games)
    steps = [(game, what, step) for game in games for what, step in PREPARE_STEPS.get(game, [])]
    done = []
    started = time.perf_counter()
    for number, (game, what, step) in enumerate(steps, 1):
        # Each step's builders show their own progress bar; this line says which step it is.
        print(f"odds: [{number}/{len(steps)}] {game}: {what}", file=sys.stderr, flush=True)
        begun = time.perf_counter()
        step()
        done.append({"game": game, "tables": what, "seconds": round(time.perf_counter() - begun, 2)})
    root = default_root()
    rows = [r for game in games for r in (_describe(root, p, None) for p in _files(root, game))]
    if args.json:
        print_json({"root": str(root), "steps": done, "files": len(rows), "bytes": sum(r["bytes"] for r in rows)})
    else:
        print(f"Built the {', '.join(games)} tables in {time.perf_counter() - started:.1f} s ({len(steps)} "
              f"step{'s' * (len(steps) != 1)}): {len(rows)} stored, {_bytes(sum(r['bytes'] for r in rows))} in {root}.")
    return 0
