"""The strategy articles (``reports/*.html``) and the chart gallery (``docs/charts.md``) for ``/reports``
and ``/gallery``: both live in a checkout beside the package, so an install without them says so.

>>> [article["file"] for article in articles()][:1]
['backgammon.html']
>>> gallery()[0]["file"], gallery()[0]["command"].startswith("odds bluff chart bids")
('bids.png', True)
"""

from __future__ import annotations

import html
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
REPORTS = ROOT / "reports"
CHARTS = ROOT / "docs" / "charts"
GALLERY = ROOT / "docs" / "charts.md"


def articles() -> list[dict]:
    """Each built article: its file name and its title (the page's <title>)."""
    found = []
    for path in sorted(REPORTS.glob("*.html")) if REPORTS.is_dir() else []:
        head = path.read_text(encoding="utf-8", errors="replace")[:20_000]
        title = re.search(r"<title>(.*?)</title>", head, re.S)
        found.append({"file": path.name, "title": html.unescape(title.group(1).strip()) if title else path.stem})
    return found


def gallery() -> list[dict]:
    """Each chart of the gallery page: its file, its caption and the command that drew it."""
    if not GALLERY.is_file():
        return []
    text = GALLERY.read_text(encoding="utf-8")
    charts = []
    for match in re.finditer(r"!\[([^\]]*)\]\(charts/([\w.-]+)\)", text):
        caption, name = match.groups()
        command = re.findall(rf"^(odds .*--out docs/charts/{re.escape(name)}.*)$", text[:match.start()], re.M)
        if (CHARTS / name).is_file():
            charts.append({"file": name, "caption": caption, "command": command[-1] if command else caption})
    return charts
