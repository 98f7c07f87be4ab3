"""A chart written to a file: its format (by the file's extension), its size, its title, and the numbers
behind it as CSV, checked before any work starts; matplotlib imported only when a chart is drawn, with
the Agg backend (no display needed).

The command line (``odds GAME chart KIND ... --out FILE``) and the web page both write charts here.
``output`` is anything with the attributes ``out`` (the file), ``data`` (the CSV file or None),
``size``, ``width``, ``height``, ``dpi`` and ``title`` (None: the defaults): the command's parsed flags,
or an :class:`Output`.

The output's format follows its extension (``.png``, ``.svg``, ``.pdf``); its size is ``web``,
``print`` or ``square`` (web by default: legible at a phone's width) or a width and height in inches,
at a number of dots per inch.
"""

from __future__ import annotations

import importlib.util
import os
import sys
import textwrap
import types
from dataclasses import dataclass

from analysis.charts.columns import Columns
from analysis.charts.kind import ChartKind
from analysis.errors import InvalidArgument

#: The formats a chart is written in, by the output file's extension.
FORMATS = {".png": "PNG", ".svg": "SVG", ".pdf": "PDF"}

#: Named sizes: width and height in inches, and the dots per inch of a PNG.
SIZES = {"web": (6.0, 4.0, 150), "print": (7.0, 4.8, 300), "square": (6.0, 6.0, 150)}
MAX_INCHES = 40.0
MAX_PIXELS = 16_000          # a side; beyond this a PNG takes hundreds of megabytes of memory
DEFAULT_DPI = 150


@dataclass
class Output:
    """Where and how a chart is written, as the command's flags say it (see the module's docstring)."""

    out: str
    data: str | None = None
    size: str | None = None
    width: float | None = None
    height: float | None = None
    dpi: int | None = None
    title: str | None = None


# --------------------------------------------------------------------------- checks and output
def _check_writable(path: str, what: str) -> None:
    folder = os.path.dirname(os.path.abspath(path))
    if os.path.isdir(path):
        raise InvalidArgument(f"Cannot write the {what} to '{path}': it is a folder; give a file name.")
    if not os.path.isdir(folder):
        raise InvalidArgument(f"Cannot write the {what} to '{path}': the folder '{folder}' does not exist.")
    if not os.access(folder, os.W_OK) or (os.path.exists(path) and not os.access(path, os.W_OK)):
        raise InvalidArgument(f"Cannot write the {what} to '{path}': permission denied.")


def check_output(output) -> None:
    """Refuse a bad extension, folder or size in one sentence, before any work."""
    extension = os.path.splitext(output.out)[1].lower()
    if extension not in FORMATS:
        shown = f"ends in '{extension}'" if extension else "has no extension"
        raise InvalidArgument(f"'{output.out}' {shown}; a chart is written as .png, .svg or .pdf, "
                              "chosen by the file's extension.")
    _check_writable(output.out, "chart")
    if output.data is not None:
        if os.path.abspath(output.data) == os.path.abspath(output.out):
            raise InvalidArgument("--data must name another file than --out.")
        _check_writable(output.data, "data")
    _check_pixels(*figure_size(output, (1.0, 1.0)))


def _check_pixels(width: float, height: float, dpi: int) -> None:
    if max(width, height) * dpi > MAX_PIXELS:
        raise InvalidArgument(f"A {width:g} x {height:g} in chart at {dpi} dpi is more than {MAX_PIXELS:,} "
                              "pixels a side; lower --dpi or the size.")


def figure_size(output, natural: tuple[float, float]) -> tuple[float, float, int]:
    """(width, height, dpi) of the written chart.

    A named size fixes the width; the height is the size's, or taller when the chart
    needs it (one bar per Yacht box), keeping the chart's own proportions. ``square``
    is square. ``--width``/``--height`` are taken as given.
    """
    width, height, dpi = SIZES[output.size or "web"]
    if (output.size or "web") != "square":
        height = max(height, natural[1] * width / natural[0])
    if output.width is not None:
        width = output.width
    if output.height is not None:
        height = output.height
    return width, height, output.dpi or dpi


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
    for name in ("fontTools.subset", "fontTools.agl", "PIL.ExifTags"):
        _load_lazily(name)

    if "matplotlib.projections" in sys.modules or "mpl_toolkits.mplot3d" in sys.modules:
        return
    import matplotlib.artist  # lazy: keeps matplotlib and numpy out of start-up until a chart is drawn

    artist = matplotlib.artist.Artist
    if hasattr(artist, "_update_set_signature_and_docstring"):
        def mark_only(cls):
            cls.set._autogenerated_signature = True     # what subclasses test to make their own set()

        artist._update_set_signature_and_docstring = classmethod(mark_only)
    stand_in = types.ModuleType("mpl_toolkits.mplot3d")
    stand_in.Axes3D = None          # projections then leaves the "3d" projection out, silently
    sys.modules["mpl_toolkits.mplot3d"] = stand_in
    try:
        import matplotlib.figure  # noqa: F401  # lazy: matplotlib loads on the first chart, its 3-D part left out
    finally:
        if sys.modules.get("mpl_toolkits.mplot3d") is stand_in:
            del sys.modules["mpl_toolkits.mplot3d"]


def _load_lazily(name: str) -> None:
    """Put a module in ``sys.modules`` that is executed only when one of its attributes is first read."""
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


def draw(kind: ChartKind, inputs: dict, rules):
    """The figure and its data, drawn with the Agg backend in the publishing style."""
    _import_matplotlib_lean()       # first: it must run before matplotlib imports Pillow
    import matplotlib  # lazy: keeps matplotlib and numpy out of start-up until a chart is drawn

    matplotlib.use("Agg")
    # lazy: keeps matplotlib and numpy out of start-up until a chart is drawn
    from analysis.charts.style import publishing

    with publishing():
        figure, data = kind.draw(rules, inputs)
    return figure, data


def _retitle(figure, title: str | None) -> None:
    """Apply ``--title`` and wrap long titles to the width they have (phones crop, they do not shrink text)."""
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
    from matplotlib.backends.backend_agg import FigureCanvasAgg  # lazy: only when a title may not fit

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
    import matplotlib  # lazy: keeps matplotlib and numpy out of start-up until a chart is drawn
    # lazy: keeps matplotlib and numpy out of start-up until a chart is drawn
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


def write(figure, data, output) -> str:
    """Save the chart (and ``--data``); returns the line the command prints."""
    import matplotlib  # lazy: keeps matplotlib and numpy out of start-up until a chart is drawn

    width, height, dpi = figure_size(output, tuple(figure.get_size_inches()))
    _check_pixels(width, height, dpi)       # a tall chart (one bar per keep) may grow past the first check
    figure.set_size_inches(width, height)
    _retitle(figure, output.title)
    extension = os.path.splitext(output.out)[1].lower()
    # No dates or versions in the file: the same chart is the same bytes (the gallery relies on it).
    metadata = {".png": {"Software": None}, ".svg": {"Date": None, "Creator": None},
                ".pdf": {"CreationDate": None, "Producer": None, "Creator": None}}[extension]
    if extension == ".png":
        _lay_out_for_agg(figure, dpi)
    try:
        with matplotlib.rc_context({"svg.hashsalt": "parlour-odds", "savefig.bbox": "standard"}):
            figure.savefig(output.out, format=extension[1:], dpi=dpi, metadata=metadata)
        if output.data is not None:
            write_csv(data, output.data)
    except OSError as error:
        reason = (error.strerror or "it could not be written").lower()
        raise InvalidArgument(f"Cannot write '{error.filename or output.out}': {reason}.") from None
    finally:
        # lazy: keeps matplotlib and numpy out of start-up until a chart is drawn
        from analysis.charts.style import close
        close(figure)
    line = f"wrote {output.out} ({FORMATS[extension]}, {width:.1f} x {height:.1f} in"
    line += f", {dpi} dpi)" if extension == ".png" else ")"
    if output.data is not None:
        line += f" and {output.data} ({len(data):,} rows)"
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


def summary(figure, data, output) -> dict:
    """What ``--json`` prints about a written chart: file, format, bytes, inches, dpi, title, the data."""
    extension = os.path.splitext(output.out)[1].lower()
    width, height = (round(float(side), 3) for side in figure.get_size_inches())
    suptitle = getattr(figure, "_suptitle", None)
    titles = [suptitle.get_text()] if suptitle is not None else [ax.get_title() for ax in figure.axes
                                                                  if ax.get_title()]
    if isinstance(data, Columns):
        rows = [dict(zip(data, row)) for row in data.rows()]
    else:
        rows = data.to_dict(orient="records")
    result = {"file": output.out, "format": FORMATS[extension], "bytes": os.path.getsize(output.out),
              "width_in": width, "height_in": height, "dpi": figure_size(output, (width, height))[2],
              "title": " / ".join(" ".join(title.split()) for title in titles),
              "data_file": output.data, "columns": list(data.keys() if isinstance(data, Columns) else data.columns),
              "row_count": len(rows)}
    if len(rows) <= JSON_ROWS:
        result["rows"] = rows
    return result
