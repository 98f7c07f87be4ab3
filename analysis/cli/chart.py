"""``odds GAME chart KIND ...``: the charts of ``analysis.charts`` written to a file, for any preset.

Every game's ``register`` adds the command with one call to :func:`add_chart_command`.
Each chart kind reads the same library functions the game's other commands print, so a
chart and ``odds GAME ...`` never disagree; ``--data FILE.csv`` writes those numbers.

The output's format follows its extension (``.png``, ``.svg``, ``.pdf``); its size is
``--size web|print|square`` (web by default: legible at a phone's width) or
``--width``/``--height`` in inches, at ``--dpi`` dots per inch. Everything a user can
get wrong (extension, folder, size) is checked before any work starts. matplotlib is
imported only when a chart is drawn, with the Agg backend (no display needed).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Callable

from analysis.charts.columns import Columns
from analysis.cli.common import CHART_HELP, add_seed_flag, bounded

#: The formats a chart is written in, by the output file's extension.
FORMATS = {".png": "PNG", ".svg": "SVG", ".pdf": "PDF"}

#: Named sizes: width and height in inches, and the dots per inch of a PNG.
SIZES = {"web": (6.0, 4.0, 150), "print": (7.0, 4.8, 300), "square": (6.0, 6.0, 150)}
MAX_INCHES = 40.0
MAX_PIXELS = 16_000          # a side; beyond this a PNG takes hundreds of megabytes of memory
DEFAULT_DPI = 150


@dataclass(frozen=True)
class ChartKind:
    """One ``odds GAME chart KIND``: its flags and how it draws (``draw(args, rules) -> (figure, data)``)."""

    name: str
    help: str
    add_arguments: Callable
    draw: Callable
    uses_rules: bool = True


# --------------------------------------------------------------------------- the command
def add_chart_command(commands, game: str, add_rules: Callable | None = None) -> None:
    """Add ``chart`` to a game's subcommands.

    ``add_rules(parser)`` adds the game's own rule flags (so ``--preset``, ``--rule`` and a flag
    such as ``--wild`` mean what they mean in its other commands); without it the chart takes the
    shared ``--preset`` and ``--rule FIELD=VALUE`` (``common.add_rules_flags``).
    """
    chart = commands.add_parser("chart", help=CHART_HELP.format(game=game),
                                description=f"Write a {game} chart; the format follows --out's extension "
                                            "(.png, .svg, .pdf).")
    kinds = chart.add_subparsers(dest="chart", metavar="KIND")
    kinds.required = True
    for kind in KINDS[game]:
        parser = kinds.add_parser(kind.name, help=kind.help, description=kind.help)
        if kind.uses_rules:
            _add_rule_flags(parser, game, add_rules)
        kind.add_arguments(parser)
        _add_output_flags(parser)
        parser.set_defaults(handler=_runner(kind))


def _add_rule_flags(parser, game: str, add_rules: Callable | None) -> None:
    from analysis.cli.common import add_rules_flags

    if add_rules is None:
        add_rules_flags(parser, game)
    else:
        add_rules(parser)


def _add_output_flags(parser) -> None:
    out = parser.add_argument_group("output")
    out.add_argument("--out", required=True, metavar="FILE",
                     help="the chart file; its extension picks the format: .png, .svg or .pdf")
    out.add_argument("--data", metavar="FILE.csv", help="also write the numbers behind the chart as CSV")
    out.add_argument("--size", choices=tuple(SIZES), default=None,
                     help="web (6 x 4 in, 150 dpi; the default), print (7 x 4.8 in, 300 dpi) or "
                          "square (6 x 6 in)")
    out.add_argument("--width", type=bounded(float, 0.5, MAX_INCHES, "the width in inches"),
                     help="width in inches (overrides --size)")
    out.add_argument("--height", type=bounded(float, 0.5, MAX_INCHES, "the height in inches"),
                     help="height in inches (overrides --size)")
    out.add_argument("--dpi", type=bounded(int, 20, 1200, "the dots per inch"),
                     help="dots per inch of a PNG (default: the size's)")
    out.add_argument("--title", help="replace the chart's title")
    out.add_argument("--json", action="store_true",
                     help="print a JSON summary instead of the 'wrote' line: the file, its format, size and "
                          "title, and the numbers behind the chart")


def _runner(kind: ChartKind) -> Callable:
    def run(args) -> int:
        check_output(args)
        rules = args.make_rules(args) if kind.uses_rules else None
        figure, data = draw(kind, args, rules)
        written = write(figure, data, args)
        if args.json:
            from analysis.cli.common import print_json

            print_json(summary(figure, data, args))
        else:
            print(written)
        return 0

    return run


# --------------------------------------------------------------------------- checks and output
def _check_writable(path: str, what: str) -> None:
    from analysis.errors import InvalidArgument

    folder = os.path.dirname(os.path.abspath(path))
    if os.path.isdir(path):
        raise InvalidArgument(f"Cannot write the {what} to '{path}': it is a folder; give a file name.")
    if not os.path.isdir(folder):
        raise InvalidArgument(f"Cannot write the {what} to '{path}': the folder '{folder}' does not exist.")
    if not os.access(folder, os.W_OK) or (os.path.exists(path) and not os.access(path, os.W_OK)):
        raise InvalidArgument(f"Cannot write the {what} to '{path}': permission denied.")


def check_output(args) -> None:
    """Refuse a bad extension, folder or size in one sentence, before any work."""
    from analysis.errors import InvalidArgument

    extension = os.path.splitext(args.out)[1].lower()
    if extension not in FORMATS:
        shown = f"ends in '{extension}'" if extension else "has no extension"
        raise InvalidArgument(f"'{args.out}' {shown}; a chart is written as .png, .svg or .pdf, "
                              "chosen by the file's extension.")
    _check_writable(args.out, "chart")
    if args.data is not None:
        if os.path.abspath(args.data) == os.path.abspath(args.out):
            raise InvalidArgument("--data must name another file than --out.")
        _check_writable(args.data, "data")
    _check_pixels(*figure_size(args, (1.0, 1.0)))


def _check_pixels(width: float, height: float, dpi: int) -> None:
    from analysis.errors import InvalidArgument

    if max(width, height) * dpi > MAX_PIXELS:
        raise InvalidArgument(f"A {width:g} x {height:g} in chart at {dpi} dpi is more than {MAX_PIXELS:,} "
                              "pixels a side; lower --dpi or the size.")


def figure_size(args, natural: tuple[float, float]) -> tuple[float, float, int]:
    """(width, height, dpi) of the written chart.

    A named size fixes the width; the height is the size's, or taller when the chart
    needs it (one bar per Yacht box), keeping the chart's own proportions. ``square``
    is square. ``--width``/``--height`` are taken as given.
    """
    width, height, dpi = SIZES[args.size or "web"]
    if (args.size or "web") != "square":
        height = max(height, natural[1] * width / natural[0])
    if args.width is not None:
        width = args.width
    if args.height is not None:
        height = args.height
    return width, height, args.dpi or dpi


def _import_matplotlib_lean() -> None:
    """Import ``matplotlib.figure`` without what a written chart never uses (a quarter of the import):

    - the 3-D axes: ``matplotlib.projections`` registers them only if ``mpl_toolkits.mplot3d``
      imports (the real module is importable again afterwards);
    - the signature and property table matplotlib builds for every artist class's ``set``
      at import by reading every setter's docstring, which only ``help()`` shows (``set``
      itself works the same);
    - the font subsetter the PDF and PostScript backends import (a fifth of a second) but use only
      for TrueType-embedded fonts, not the Type 3 fonts a chart's PDF embeds: it is loaded lazily,
      on first use, by the standard library's ``importlib.util.LazyLoader``; so are the glyph-name
      list that only TeX's DVI reader uses and Pillow's EXIF tag names, which only photographs
      carry (a fiftieth of a second each).
    """
    import sys
    import types

    for name in ("fontTools.subset", "fontTools.agl", "PIL.ExifTags"):
        _load_lazily(name)

    if "matplotlib.projections" in sys.modules or "mpl_toolkits.mplot3d" in sys.modules:
        return
    import matplotlib.artist

    artist = matplotlib.artist.Artist
    if hasattr(artist, "_update_set_signature_and_docstring"):
        def mark_only(cls):
            cls.set._autogenerated_signature = True     # what subclasses test to make their own set()

        artist._update_set_signature_and_docstring = classmethod(mark_only)
    stand_in = types.ModuleType("mpl_toolkits.mplot3d")
    stand_in.Axes3D = None          # projections then leaves the "3d" projection out, silently
    sys.modules["mpl_toolkits.mplot3d"] = stand_in
    try:
        import matplotlib.figure  # noqa: F401
    finally:
        if sys.modules.get("mpl_toolkits.mplot3d") is stand_in:
            del sys.modules["mpl_toolkits.mplot3d"]


def _load_lazily(name: str) -> None:
    """Put a module in ``sys.modules`` that is executed only when one of its attributes is first read."""
    import importlib.util
    import sys

    if name in sys.modules:
        return
    spec = importlib.util.find_spec(name)
    if spec is None or spec.loader is None:
        return      # not installed: the backend's own import says so if it is ever needed
    spec.loader = importlib.util.LazyLoader(spec.loader)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    parent, _, child = name.rpartition(".")
    setattr(sys.modules[parent], child, module)


def draw(kind: ChartKind, args, rules):
    """The figure and its data, drawn with the Agg backend in the publishing style."""
    _import_matplotlib_lean()       # first: it must run before matplotlib imports Pillow
    import matplotlib

    matplotlib.use("Agg")
    from analysis.charts.style import publishing

    with publishing():
        figure, data = kind.draw(args, rules)
    return figure, data


def _retitle(figure, title: str | None) -> None:
    """Apply ``--title`` and wrap long titles to the width they have (phones crop, they do not shrink text)."""
    import textwrap

    suptitle = getattr(figure, "_suptitle", None)
    axes = [ax for ax in figure.axes if ax.get_title()]
    if title is not None:
        if suptitle is not None:
            suptitle.set_text(title)
        elif axes:
            axes[0].title.set_text(title)       # keeps the house style's bold title
        else:
            suptitle = figure.suptitle(title, fontweight="bold")
    texts = ([suptitle] if suptitle is not None else []) + [ax.title for ax in axes]
    if all(_surely_fits(text, figure) for text in texts):
        return
    # Measure each title alone with an Agg renderer: laying the whole chart out to place them
    # costs a third of a second on a chart with many labels, and is done again when it is saved.
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    renderer = FigureCanvasAgg(figure).get_renderer()
    room = figure.bbox.width
    for text in texts:
        fits = _title_room(text, figure) * room
        for _ in range(4):       # wrap, measure again: bold glyphs vary in width
            width = text.get_window_extent(renderer).width
            if width <= fits:
                break
            longest = max(len(line) for line in text.get_text().split("\n"))
            characters = max(12, int(longest * fits / width))
            text.set_text("\n".join(textwrap.wrap(text.get_text().replace("\n", " "), characters)))


def _lay_out_for_agg(figure, dpi: int) -> None:
    """Run the layout engine now, with the Agg renderer at the PNG's resolution, and take it off.

    With a layout engine on, ``savefig`` draws the whole figure once without rendering, to lay it
    out, and then again to render it: a third of a chart's drawing time when it has many labels. This
    is that first pass without the drawing: the same renderer at the same resolution, so the same
    layout and the same bytes.
    """
    import matplotlib
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    engine = figure.get_layout_engine()
    if engine is None:
        return
    figure.set_dpi(dpi)
    FigureCanvasAgg(figure)
    engine.execute(figure)
    with matplotlib.rc_context({"figure.autolayout": False, "figure.constrained_layout.use": False}):
        figure.set_layout_engine(None)


def _title_room(text, figure) -> float:
    """The share of the figure's width a title may take: a title is centred on its axes (found from
    the axes' place in the figure's grid, as the layout keeps it), and may use twice its distance to
    the nearer edge; 0.85 of that leaves room for the axis labels the layout adds beside the axes."""
    axes = next((ax for ax in figure.axes if ax.title is text), None)
    spec = axes.get_subplotspec() if axes is not None else None
    if spec is None:
        centre = 0.5
    else:
        columns = spec.get_gridspec().ncols
        centre = (spec.colspan.start + spec.colspan.stop) / 2 / columns
    return 2 * min(centre, 1 - centre) * 0.85


def _surely_fits(text, figure) -> bool:
    """A title so short it fits without measuring: at most 0.7 em a character (bold prose
    averages about 0.6), within 60% of the figure's width (a title is centred on its axes)."""
    longest = max(len(line) for line in text.get_text().split("\n"))
    return longest * text.get_fontsize() * 0.7 / 72 <= 0.6 * figure.get_figwidth()


def write(figure, data, args) -> str:
    """Save the chart (and ``--data``); returns the line the command prints."""
    import matplotlib

    from analysis.errors import InvalidArgument

    width, height, dpi = figure_size(args, tuple(figure.get_size_inches()))
    _check_pixels(width, height, dpi)       # a tall chart (one bar per keep) may grow past the first check
    figure.set_size_inches(width, height)
    _retitle(figure, args.title)
    extension = os.path.splitext(args.out)[1].lower()
    # No dates or versions in the file: the same chart is the same bytes (the gallery relies on it).
    metadata = {".png": {"Software": None}, ".svg": {"Date": None, "Creator": None},
                ".pdf": {"CreationDate": None, "Producer": None, "Creator": None}}[extension]
    if extension == ".png":
        _lay_out_for_agg(figure, dpi)
    try:
        with matplotlib.rc_context({"svg.hashsalt": "parlour-odds", "savefig.bbox": "standard"}):
            figure.savefig(args.out, format=extension[1:], dpi=dpi, metadata=metadata)
        if args.data is not None:
            write_csv(data, args.data)
    except OSError as error:
        reason = (error.strerror or "it could not be written").lower()
        raise InvalidArgument(f"Cannot write '{error.filename or args.out}': {reason}.") from None
    finally:
        from analysis.charts.style import close
        close(figure)
    line = f"wrote {args.out} ({FORMATS[extension]}, {width:.1f} x {height:.1f} in"
    line += f", {dpi} dpi)" if extension == ".png" else ")"
    if args.data is not None:
        line += f" and {args.data} ({len(data):,} rows)"
    return line


def _csv_cell(value) -> str:
    if hasattr(value, "item"):          # a numpy scalar
        value = value.item()
    if value is None or value != value:     # missing (None, NaN): an empty cell, as pandas writes it
        return ""
    if isinstance(value, str):
        return '"' + value.replace('"', '""') + '"' if any(c in value for c in ',"\n') else value
    return repr(value) if isinstance(value, float) else str(value)     # shortest exact digits, as pandas


def write_csv(data, path: str) -> None:
    """``data`` (a DataFrame or :class:`Columns`) as CSV, without an index column."""
    if not isinstance(data, Columns):
        data.to_csv(path, index=False)
        return
    with open(path, "w", encoding="utf-8", newline="") as handle:
        handle.write(",".join(data) + "\n")
        for row in data.rows():
            handle.write(",".join(_csv_cell(value) for value in row) + "\n")


#: Charts with more rows than this list them in ``--data``'s file only, not in ``--json``.
JSON_ROWS = 5000


def summary(figure, data, args) -> dict:
    """What ``--json`` prints about a written chart: file, format, bytes, inches, dpi, title, the data."""
    extension = os.path.splitext(args.out)[1].lower()
    width, height = (round(float(side), 3) for side in figure.get_size_inches())
    suptitle = getattr(figure, "_suptitle", None)
    titles = [suptitle.get_text()] if suptitle is not None else [ax.get_title() for ax in figure.axes
                                                                  if ax.get_title()]
    if isinstance(data, Columns):
        rows = [dict(zip(data, row)) for row in data.rows()]
    else:
        rows = data.to_dict(orient="records")
    result = {"file": args.out, "format": FORMATS[extension], "bytes": os.path.getsize(args.out),
              "width_in": width, "height_in": height, "dpi": figure_size(args, (width, height))[2],
              "title": " / ".join(" ".join(title.split()) for title in titles),
              "data_file": args.data, "columns": list(data.keys() if isinstance(data, Columns) else data.columns),
              "row_count": len(rows)}
    if len(rows) <= JSON_ROWS:
        result["rows"] = rows
    return result


# --------------------------------------------------------------------------- dice bidding
def _bluff_dice(args, rules):
    from analysis.bluff.bids import format_dice, parse_dice

    dice = parse_dice(args.dice, rules) if args.dice.strip() else ()
    return dice, format_dice(dice, rules) if dice else ""


def _bluff_bids_flags(parser) -> None:
    parser.add_argument("--dice", default="", help='my dice, e.g. "3 3 * 5 1" (default: none)')
    parser.add_argument("--unknown", required=True, type=bounded(int, 0, 200, "the unknown dice"),
                        help="how many dice I cannot see")


def _bluff_bids(args, rules):
    from analysis.charts.bluff import bid_chance_chart, bid_chances

    dice, shown = _bluff_dice(args, rules)
    table = bid_chances(rules, dice, args.unknown, args.palifico)
    return bid_chance_chart(table, rules, shown, args.unknown), table


def _bluff_heatmap_flags(parser) -> None:
    parser.add_argument("--max-unknown", type=bounded(int, 1, 200, "--max-unknown"), default=30,
                        help="unknown dice across (default 0-30)")
    parser.add_argument("--max-need", type=bounded(int, 1, 200, "--max-need"), default=15,
                        help="dice needed up (default 1-15)")


def _bluff_heatmap(args, rules):
    from analysis.charts.bluff import p_true_grid, p_true_heatmap_chart

    grid = p_true_grid(rules, args.max_unknown, args.max_need, args.palifico)
    return p_true_heatmap_chart(grid, rules), grid


def _bluff_cost_flags(parser) -> None:
    parser.add_argument("--dice", required=True, help='my dice, e.g. "3 3 * 5 1"')
    parser.add_argument("--opponents", required=True, nargs="+", type=bounded(int, 1, 200, "--opponents"),
                        metavar="N", help="the other players' dice counts, in turn order after me")
    parser.add_argument("--face", required=True, help="the face bid on: 1-6, or * (star) in Bluff")
    parser.add_argument("--bidder", type=int, default=None, metavar="K",
                        help="which opponent made the bid (1 = next after me); default: the last")
    parser.add_argument("--start", type=int, default=None, help="starting dice per player (house rule)")


def _bluff_cost(args, rules):
    from analysis.bluff.bids import parse_dice
    from analysis.charts.bluff import call_cost_chart, call_costs
    from analysis.errors import InvalidArgument

    dice, _ = _bluff_dice(args, rules)
    faces = parse_dice(args.face, rules)
    if len(faces) != 1:
        raise InvalidArgument(f"'{args.face}' is not one face; give a single face such as 3.")
    costs = call_costs(rules, dice, args.opponents, faces[0], args.bidder, args.start, args.palifico)
    return call_cost_chart(costs, rules, faces[0]), costs


# --------------------------------------------------------------------------- Yacht
def _yacht_label(rules) -> str:
    from analysis.charts.yacht import game_name

    return game_name(rules) + (f" ({rules.joker} joker)" if rules.joker != "none" else "")


def _yacht_boxes(args, rules):
    from analysis.charts.yacht import box_turn_chart, box_turn_odds

    table = box_turn_odds(rules)
    return box_turn_chart(table, _yacht_label(rules)), table


def _yacht_distribution(args, rules):
    import numpy as np

    from analysis.charts.yacht import optimal_play, score_distribution

    solution = optimal_play(rules)
    scores = np.nonzero(solution.distribution)[0]
    data = Columns(score=scores.tolist(), chance=solution.distribution[scores].tolist(),
                   at_most=np.cumsum(solution.distribution)[scores].tolist())
    title = f"{_yacht_label(rules)}: final score under optimal play"
    return score_distribution([solution], title), data


def _yacht_reach(args, rules):
    import numpy as np

    from analysis.charts.yacht import optimal_play, reach_chart
    from analysis.yacht.target import reach_curve

    curve = reach_curve(rules)       # one sentence where a preset's target table does not fit
    distribution = optimal_play(rules).distribution
    targets = np.arange(curve.chance.size)
    at_least = np.concatenate(([1.0], 1.0 - np.cumsum(distribution)))[:targets.size]
    at_least = np.pad(at_least, (0, targets.size - at_least.size))
    # Keep the targets where the two strategies can differ: from where either drops below 99.9%.
    shown = (at_least < 0.999) | (curve.chance < 0.999)
    first = int(np.argmax(shown))
    last = int(np.nonzero(curve.chance > 1e-4)[0].max()) + 1
    data = Columns(target=targets[first:last + 1].tolist(),
                   expected_play=np.clip(at_least, 0.0, 1.0)[first:last + 1].tolist(),
                   target_play=curve.chance[first:last + 1].tolist())
    return reach_chart(data, _yacht_label(rules)), data


def _yacht_keeps_flags(parser) -> None:
    parser.add_argument("--dice", required=True, help='the opening roll, e.g. "6 6 6 2 1"')
    parser.add_argument("--rolls-left", type=bounded(int, 1, 2, "--rolls-left"), default=2,
                        help="rerolls left: 2 (the first roll of the game, default) or 1")
    parser.add_argument("--top", type=bounded(int, 1, 32, "--top"), default=10,
                        help="how many keeps to show, best first (default 10)")


def _yacht_keeps(args, rules):
    from analysis.charts.yacht import keep_chart
    from analysis.yacht.advice import advise
    from analysis.yacht.dice import show

    advice = advise(rules, args.dice, args.rolls_left)
    options = Columns.from_rows(list(advice.rows[:args.top]))      # the advice's own rows: no DataFrame
    return keep_chart(options, show(advice.dice), _yacht_label(rules), args.rolls_left), options


# --------------------------------------------------------------------------- Brag
def _brag_freq(args, rules):
    from analysis.charts.brag import class_frequencies, class_frequency_chart, game_name

    table = class_frequencies(rules)
    chart = class_frequency_chart({game_name(rules): table}, f"{game_name(rules)}: how often each class is dealt")
    return chart, table


def _brag_equity_flags(parser) -> None:
    parser.add_argument("--hand", action="append", default=[], metavar="HAND",
                        help='a hand to chart, e.g. "KS KH 7D" (repeatable; default: the median hand of '
                             "each class)")
    parser.add_argument("--opponents", type=bounded(int, 1, 7, "--opponents"), default=1,
                        help="chart against 1 up to this many opponents (1-7, default 1)")
    add_seed_flag(parser, "the Monte Carlo deals (3 or more opponents)")
    parser.add_argument("--samples", type=bounded(int, 1000, 10**8, "--samples"), default=200_000,
                        help="Monte Carlo deals per hand and opponent count (default 200,000)")


def _brag_equity(args, rules):
    from analysis.charts.brag import (class_landmarks, equity_by_opponents, game_name, heads_up_chart,
                                      opponents_chart)

    hands = args.hand or class_landmarks(rules)
    frame = equity_by_opponents(hands, args.opponents, rules, args.seed, args.samples)
    what = "each class's median hand" if not args.hand else "your hands"
    if args.opponents == 1:
        return heads_up_chart(frame, f"{game_name(rules)}: pot share of {what} against one opponent"), frame
    labelled = Columns(frame, hand=[f"{hand} ({title})" for hand, title in zip(frame["hand"], frame["class"])])
    chart = opponents_chart(labelled, f"{game_name(rules)}: pot share of {what} against 1-{args.opponents} "
                                      "opponents")
    return chart, frame


def _brag_threshold_flags(parser) -> None:
    parser.add_argument("--against", default="pair+",
                        help="also chart seeing against this range (default pair+; 'any' to leave it out)")


def _brag_threshold(args, rules):
    import numpy as np

    from analysis.charts.brag import game_name, see_threshold_rows, stay_threshold_rows, threshold_chart

    ratios = np.geomspace(0.5, 50, 25)
    series = {"see, opponent holds any hand": see_threshold_rows(rules, ratios)}
    if args.against.strip().lower() != "any":
        series[f"see, opponent holds {args.against}"] = see_threshold_rows(rules, ratios, args.against)
    series["stay, 1 opponent"] = stay_threshold_rows(rules, ratios, 1)
    if rules.hand_size == 3:       # two opponents are enumerated exactly for three-card hands only
        series["stay, 2 opponents"] = stay_threshold_rows(rules, ratios, 2)
    # One table, as pandas concatenates them: every series' columns and its decision, missing values empty.
    labelled = [Columns(frame, decision=[label] * len(frame)) for label, frame in series.items()]
    names = dict.fromkeys(name for frame in labelled for name in frame)
    data = Columns({name: [value for frame in labelled
                           for value in frame.get(name, [float("nan")] * len(frame))] for name in names})
    return threshold_chart(series, f"{game_name(rules)}: how good a hand must be to see or stay"), data


# --------------------------------------------------------------------------- backgammon
def _bg_bearoff_flags(parser) -> None:
    parser.add_argument("counts", nargs="+", metavar="COUNTS",
                        help='one or more home boards, six counts ace point first, e.g. "3 3 3 2 2 2"')


def _bg_bearoff(args, rules):
    from analysis.backgammon.bearoff import parse_counts, rolls_needed
    from analysis.charts.backgammon import bearoff_distribution_chart

    positions = [parse_counts(counts) for counts in args.counts]
    data = Columns(position=[], rolls=[], chance=[])
    for counts in positions:
        fewest, chances, _ = rolls_needed(counts)
        for rolls, chance in enumerate(chances.tolist(), start=fewest):
            data["position"].append(" ".join(map(str, counts)))
            data["rolls"].append(rolls)
            data["chance"].append(chance)
    return bearoff_distribution_chart(positions), data


def _bg_shots_flags(parser) -> None:
    parser.add_argument("--blocks", action="append", default=[], metavar="DISTANCES",
                        help="a line with points blocked at these distances, e.g. 4,6 (repeatable; "
                             "the open board is always drawn)")


def _bg_shots(args, rules):
    from analysis.backgammon.dice import parse_blocks, shot_rows
    from analysis.charts.backgammon import shot_chart

    block_sets = [()] + [tuple(sorted(parse_blocks(text))) for text in args.blocks]
    data = Columns.from_rows([{**row, "blocks": ",".join(map(str, blocks))}
                              for blocks in block_sets for row in shot_rows(blocks)])
    return shot_chart(block_sets), data


def _bg_entry_flags(parser) -> None:
    parser.add_argument("--on-bar", type=bounded(int, 1, 4, "--on-bar"), default=3,
                        help="lines for 1 up to this many checkers on the bar (default 3)")


def _bg_entry(args, rules):
    from analysis.backgammon.dice import entry_rows
    from analysis.charts.backgammon import entry_chart

    return entry_chart(args.on_bar), Columns.from_rows(entry_rows(args.on_bar))


def _bg_race_flags(parser) -> None:
    parser.add_argument("--leads", default="-4,0,4,8", metavar="PIPS",
                        help="the opponent's pips minus mine, one line each (default -4,0,4,8)")


def _bg_race(args, rules):
    from analysis.charts.backgammon import race_chart, race_columns
    from analysis.errors import InvalidArgument

    try:
        leads = tuple(int(word) for word in args.leads.replace(",", " ").split())
    except ValueError:
        leads = ()
    if not leads or len(leads) > 7 or any(abs(lead) > 35 for lead in leads):
        raise InvalidArgument(f"'{args.leads}' is not a list of leads; give up to 7 whole numbers of pips "
                              "from -35 to 35, e.g. -4,0,4,8.")
    columns = race_columns()
    shown = [row for row, lead in enumerate(columns["lead"].tolist()) if lead in leads]
    return race_chart(columns, leads), Columns({name: values[shown] for name, values in columns.items()})


def _no_flags(parser) -> None:
    """A chart with no flags of its own."""


KINDS = {
    "bluff": (
        ChartKind("bids", "the table-side chart: P(true) and P(exactly) of every bid for my dice",
                  _bluff_bids_flags, _bluff_bids),
        ChartKind("heatmap", "P(bid true) over unknown dice and dice needed", _bluff_heatmap_flags, _bluff_heatmap),
        ChartKind("cost", "expected dice every player loses if I call a bid, by its count", _bluff_cost_flags,
                  _bluff_cost),
    ),
    "yacht": (
        ChartKind("boxes", "each box's chance in one turn and a turn's expected points", _no_flags, _yacht_boxes),
        ChartKind("distribution", "the chance of every final score under optimal play", _no_flags,
                  _yacht_distribution),
        ChartKind("keeps", "every keep of an opening roll and the expected final score it leaves",
                  _yacht_keeps_flags, _yacht_keeps),
        ChartKind("reach", "P(final score >= T): playing for the expected score, and playing to reach T",
                  _no_flags, _yacht_reach),
    ),
    "brag": (
        ChartKind("freq", "how often each hand class is dealt", _no_flags, _brag_freq),
        ChartKind("equity", "pot share by hand or by class against 1..N opponents", _brag_equity_flags,
                  _brag_equity),
        ChartKind("threshold", "the weakest hand worth seeing or staying with, by pot odds",
                  _brag_threshold_flags, _brag_threshold),
    ),
    # Dice tables and bear-offs are the same under every backgammon variant: no --preset.
    "backgammon": (
        ChartKind("bearoff", "a bear-off position's distribution of rolls", _bg_bearoff_flags, _bg_bearoff,
                  uses_rules=False),
        ChartKind("shots", "hitting rolls by distance, open and with blocks", _bg_shots_flags, _bg_shots,
                  uses_rules=False),
        ChartKind("entry", "entering from the bar against closed points", _bg_entry_flags, _bg_entry,
                  uses_rules=False),
        ChartKind("race", "a bear-off race's winning chance against the pip counts", _bg_race_flags, _bg_race,
                  uses_rules=False),
    ),
}
