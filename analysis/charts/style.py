"""The house style: every chart titled, axes labelled with units, readable in grey.

Line charts cycle through markers and dash patterns as well as colours, so a
printout in black and white still tells the series apart; heat maps use
``cividis``, whose lightness rises monotonically.
"""

from __future__ import annotations

from contextlib import contextmanager
from itertools import cycle

import matplotlib

HEATMAP = "cividis"
COLOURS = ("#1b3a5c", "#c05a1a", "#3d7a3d", "#7a3d7a", "#8c8c2a", "#2a8c8c", "#5c1b1b")
MARKERS = ("o", "s", "^", "D", "v", "P", "X")
DASHES = ("-", "--", "-.", ":", (0, (5, 1)), (0, (3, 1, 1, 1)), (0, (1, 1)))

RC = {
    "figure.figsize": (7.5, 4.5),
    "figure.dpi": 110,
    "savefig.dpi": 130,
    "savefig.bbox": "tight",
    "axes.grid": True,
    "grid.alpha": 0.3,
    "axes.spines.top": False,
    "axes.spines.right": False,
    "axes.titleweight": "bold",
    "axes.titlesize": 12,
    "axes.labelsize": 10,
    "legend.frameon": False,
    "font.size": 10,
}


def series_styles():
    """An endless supply of (colour, marker, linestyle) triples for line series."""
    return cycle(zip(COLOURS, MARKERS, DASHES))


@contextmanager
def house_style():
    """Context manager applying the house rcParams."""
    with matplotlib.rc_context(RC):
        yield
        # pyplot resolves its backend at the first figure, and IPython then turns interactive
        # mode on; rc_context's exit would undo that and every later notebook figure would vanish.
        interactive = matplotlib.is_interactive()
    matplotlib.interactive(interactive)


def finish(ax, title: str, xlabel: str, ylabel: str, legend: bool = False):
    """Title and label an axis (every chart must have all three)."""
    ax.set_title(title)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    if legend:
        ax.legend()
    return ax
