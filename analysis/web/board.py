"""The backgammon board drawn as SVG for the page, from the side on roll's seat.

Points 13-24 run along the top from left to right and 12-1 along the bottom (the side on roll's
home board bottom right), the bar between the two halves; the side on roll's checkers are dark,
the opponent's light (counted from the opponent's own ace point, so its point p is the side on
roll's 25 - p). More than five checkers on a point show their number on the fifth.

>>> from analysis.backgammon.position import Position
>>> svg = board_svg(Position.from_notation("6:5 8:3 13:5 24:2 / 6:5 8:3 13:5 24:2"))
>>> svg.startswith("<svg") and svg.count('class="me"') == 15 and svg.count('class="them"') == 15
True
"""

from __future__ import annotations

from analysis.backgammon.position import BAR, CHECKERS, START

WIDTH, HEIGHT = 360, 300
POINT_W, BAR_W, MARGIN = 26, 20, 14
RADIUS = 12
SHOWN = 5


def _column_x(point: int) -> float:
    """The centre x of a point (1-24, the side on roll's numbering)."""
    column = 24 - point if point >= 13 else point - 1          # 0 at the left of each row
    column = column if point >= 13 else 11 - column
    return MARGIN + column * POINT_W + (BAR_W if column >= 6 else 0) + POINT_W / 2


def _stack(point: int, count: int, who: str) -> list[str]:
    top = point >= 13
    x = _column_x(point)
    parts = []
    for i in range(min(count, SHOWN)):
        y = (MARGIN + RADIUS + 2 * RADIUS * i) if top else (HEIGHT - MARGIN - RADIUS - 2 * RADIUS * i)
        parts.append(f'<circle class="{who}" data-point="{point}" cx="{x:.1f}" cy="{y:.1f}" r="{RADIUS - 1}"/>')
    if count > SHOWN:
        parts.append(f'<text class="n {who}" x="{x:.1f}" y="{y + 4:.1f}">{count}</text>')
    return parts


def board_svg(position) -> str:
    """The position as an inline SVG element (styled by the page's style sheet)."""
    me, them = position.on_roll, position.opponent
    # The counts ride along for the page's script, which edits the position by taps on the points.
    parts = [f'<svg class="board" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
             f'data-me="{",".join(map(str, me))}" data-them="{",".join(map(str, them))}" '
             f'aria-label="the board: you have {sum(me[:24])} checkers on points, the opponent {sum(them[:24])}">',
             f'<rect class="felt" x="{MARGIN}" y="{MARGIN}" width="{12 * POINT_W + BAR_W}" '
             f'height="{HEIGHT - 2 * MARGIN}"/>']
    # Each point's whole half-column, from its edge to the middle, answers a tap (a thumb is wider than a
    # point's tip): drawn first, so the point and its checkers lie over it.
    half = (HEIGHT - 2 * MARGIN) / 2
    for point in range(1, 25):
        x, top = _column_x(point), point >= 13
        parts.append(f'<rect class="hit" data-point="{point}" x="{x - POINT_W / 2:.1f}" '
                     f'y="{MARGIN if top else HEIGHT / 2:.1f}" width="{POINT_W}" height="{half:.1f}" fill="transparent"/>')
    for point in range(1, 25):
        x, top = _column_x(point), point >= 13
        tip = MARGIN + 5 * 2 * RADIUS if top else HEIGHT - MARGIN - 5 * 2 * RADIUS
        base = MARGIN if top else HEIGHT - MARGIN
        shade = "a" if point % 2 else "b"
        parts.append(f'<polygon class="pt {shade}" data-point="{point}" '
                     f'points="{x - POINT_W / 2:.1f},{base} {x + POINT_W / 2:.1f},{base} '
                     f'{x:.1f},{tip}"/>')
        label_y = MARGIN - 3 if top else HEIGHT - 3
        parts.append(f'<text class="label" x="{x:.1f}" y="{label_y}">{point}</text>')
    for point in range(1, 25):
        parts += _stack(point, me[point - 1], "me")
        parts += _stack(point, them[24 - point], "them")
    bar_x = MARGIN + 6 * POINT_W + BAR_W / 2
    side_x = MARGIN + 12 * POINT_W + BAR_W + (WIDTH - MARGIN - 12 * POINT_W - BAR_W) / 2
    notes = [(bar_x, HEIGHT / 2 + 18, me[BAR], "me", "bar"), (bar_x, HEIGHT / 2 - 8, them[BAR], "them", "bar"),
             (side_x, HEIGHT - 40, CHECKERS - sum(me), "me", "off"), (side_x, 48, CHECKERS - sum(them), "them", "off"),
             (side_x, HEIGHT / 2 + 18, me[START], "me", "to enter"),
             (side_x, HEIGHT / 2 - 8, them[START], "them", "to enter")]
    for x, y, count, who, what in notes:
        if count:
            parts.append(f'<text class="count {who}" x="{x:.1f}" y="{y:.1f}">{count}</text>'
                         f'<text class="label" x="{x:.1f}" y="{y + 12:.1f}">{what}</text>')
    parts.append("</svg>")
    return "".join(parts)
