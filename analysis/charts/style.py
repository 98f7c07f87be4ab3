"""The house style: every chart titled, axes labelled with units, readable in grey.

Line charts cycle through markers and dash patterns as well as colours, so a
printout in black and white still tells the series apart; heat maps use
``cividis``, whose lightness rises monotonically.
"""

from __future__ import annotations

import sys
from contextlib import contextmanager
from itertools import cycle

import matplotlib
import numpy as np
from matplotlib.ticker import MaxNLocator

HEATMAP = "cividis"
COLOURS = ("#1b3a5c", "#c05a1a", "#3d7a3d", "#7a3d7a", "#8c8c2a", "#2a8c8c", "#5c1b1b")
MARKERS = ("o", "s", "^", "D", "v", "P", "X")
DASHES = ("-", "--", "-.", ":", (0, (5, 1)), (0, (3, 1, 1, 1)), (0, (1, 1)))

RC = {
    # 6.4 in wide with 12 pt type: shrunk to a phone's 360 px the text is still about 9 px high.
    "figure.figsize": (6.4, 4.2),
    "figure.dpi": 220,        # the articles' charts at twice screen resolution: sharp on phones and in print
    "savefig.dpi": 130,
    "savefig.bbox": "tight",
    "axes.grid": True,
    "grid.alpha": 0.3,
    "axes.spines.top": False,
    "axes.spines.right": False,
    "axes.titleweight": "bold",
    "axes.titlesize": 13,
    "axes.labelsize": 12,
    "legend.frameon": False,
    "font.size": 12,
}


#: What a published chart adds to the house style (the ``chart`` command): larger type, so a
#: chart shrunk to a phone's width stays legible, and a layout engine that keeps the figure at
#: exactly the size asked for (a tight bounding box would crop it to another size).
PUBLISH = {
    "font.size": 11,
    "axes.titlesize": 12,
    "axes.labelsize": 11,
    "xtick.labelsize": 11,    # 11 pt in a 6 in chart: about 9.5 px high on a 390 px phone (10 pt fell to 8.7)
    "ytick.labelsize": 11,
    "legend.fontsize": 10,
    "figure.titlesize": 13,
    "figure.constrained_layout.use": True,
    "savefig.bbox": "standard",
    "svg.hashsalt": "parlour-odds",   # the same chart gives the same SVG, byte for byte
}

_extra_rc: dict = {}


def series_styles():
    """An endless supply of (colour, marker, linestyle) triples for line series."""
    return cycle(zip(COLOURS, MARKERS, DASHES))


@contextmanager
def house_style():
    """Context manager applying the house rcParams."""
    with matplotlib.rc_context({**RC, **_extra_rc}):
        yield
        # pyplot resolves its backend at the first figure, and IPython then turns interactive
        # mode on; rc_context's exit would undo that and every later notebook figure would vanish.
        interactive = matplotlib.is_interactive()
    matplotlib.interactive(interactive)


@contextmanager
def publishing(rc: dict | None = None):
    """Builders called inside this draw with ``PUBLISH`` (and ``rc``) on top of the house style."""
    saved = dict(_extra_rc)
    _extra_rc.update({**PUBLISH, **(rc or {})})
    try:
        yield
    finally:
        _extra_rc.clear()
        _extra_rc.update(saved)


#: The widest an article's chart is drawn, in inches. An article shows a chart at the reader's width:
#: 374 CSS px on a 390 px phone. Axis text of 12 pt on a chart 6.4 in wide is then 12 / 72 / 6.4 x 374,
#: about 10 px high; on one 7.5 in wide it fell to 8 px, and 11 in wide (two panels side by side) to 6.
ARTICLE_WIDTH = 6.4

#: ``Figure.subplots``' own keywords; the rest of a ``subplots`` call's keywords make the figure.
_GRID_KEYWORDS = {"sharex", "sharey", "squeeze", "width_ratios", "height_ratios", "subplot_kw", "gridspec_kw"}


def subplots(nrows: int = 1, ncols: int = 1, **keywords):
    """``(figure, axes)`` as ``matplotlib.pyplot.subplots`` makes them; an article's chart at most
    :data:`ARTICLE_WIDTH` wide, so its type stays legible at a phone's width.

    Under :func:`publishing` (the ``odds GAME chart`` command) with pyplot not yet
    imported, the figure is a bare ``matplotlib.figure.Figure``: pyplot's import and
    figure manager cost a command-line chart about a tenth of a second and it never
    shows a window. A notebook gets pyplot's figure, which its front end displays.
    """
    if not _extra_rc:    # an article's chart (a published one is drawn at the size its command asks for)
        width, height = keywords.get("figsize", matplotlib.rcParams["figure.figsize"])
        if width > ARTICLE_WIDTH:    # its labels laid out inside the narrower figure, not spilling past it
            keywords["figsize"] = (ARTICLE_WIDTH, height)
            keywords.setdefault("layout", "constrained")
    if not _extra_rc or "matplotlib.pyplot" in sys.modules:
        import matplotlib.pyplot as plt  # lazy: keeps matplotlib.pyplot out of start-up until a chart is drawn

        return plt.subplots(nrows, ncols, **keywords)
    from matplotlib.figure import Figure  # lazy: keeps matplotlib.figure out of start-up until a chart is drawn

    grid = {key: keywords.pop(key) for key in list(keywords) if key in _GRID_KEYWORDS}
    figure = Figure(**keywords)
    return figure, figure.subplots(nrows, ncols, **grid)


def dodge(index: int, of: int) -> float:
    """How far series ``index`` of ``of``, drawn as points at whole numbers, sits beside its place: the series
    side by side within a third of a step, so points of equal value stay visible rather than hide each other."""
    return (index - (of - 1) / 2) * min(0.15, 0.35 / of)


def points(ax, x, y, style, index: int = 0, of: int = 1, **keywords):
    """Discrete data (counts, rolls, players) drawn as points: nothing lies between two whole numbers, so no line
    joins them. ``style`` is a (colour, marker, dash) triple of :func:`series_styles`; the dash is not drawn.
    Series ``index`` of ``of`` is set beside the others (:func:`dodge`)."""
    colour, marker, _ = style
    return ax.plot(np.asarray(x, dtype=float) + dodge(index, of), y, color=colour, marker=marker,
                   linestyle="none", **keywords)


def close(figure) -> None:
    """Release a figure (pyplot keeps a reference to its own figures until they are closed)."""
    if "matplotlib.pyplot" in sys.modules:
        sys.modules["matplotlib.pyplot"].close(figure)


def whole_number_ticks(axis) -> None:
    """Ticks only at whole numbers, for counts (dice, rolls, opponents, pips)."""
    axis.set_major_locator(MaxNLocator(integer=True))


def finish(ax, title: str, xlabel: str, ylabel: str, legend: bool | str = False):
    """Title and label an axis (every chart must have all three). A title or an x label longer than the
    figure is wide wraps onto a second line: left on one, it widens the saved chart past the figure, and a
    phone then shrinks the whole chart, its type with it. ``legend="below"`` sets the legend under the axes,
    in two columns, for series that fill the plot, where any place inside it would cover a curve."""
    ax.set_title(title, wrap=True)
    ax.set_xlabel(xlabel, wrap=True)
    ax.set_ylabel(ylabel)
    if legend == "below":
        ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.2), ncol=2)
    elif legend:
        ax.legend()
    return ax
