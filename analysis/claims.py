"""The sentences an article stakes its name on, each with the checks that back it.

An article's "The short answer" and "Conclusions" are lists of claims a player will act on. Each
is written in a hidden notebook cell as ``checked(sentence, check, ...)``: the sentence is built
from the article's own results (its numbers are formatted from them), and every check is a
condition on those results that must hold for the sentence to be true. When the data no longer
support a claim, the article's build stops with that claim named, so a stale rule is never
published. ``checked_section(heading, [checked(...), ...])`` writes the section; the reader's test
(``tests/test_articles_read.py``) counts the bullets of each built section against the
``checked`` calls of the notebook, so a sentence added without its check fails too.
"""

from __future__ import annotations

import textwrap


class ClaimNotSupported(AssertionError):
    """A claim of an article that its own data no longer support."""


def checked(sentence: str, *checks) -> str:
    """``sentence``, once every one of ``checks`` holds (at least one is required)."""
    if not checks:
        raise ClaimNotSupported(f"A claim needs at least one check: {sentence!r}")
    failed = [number for number, check in enumerate(checks, 1) if not bool(check)]
    if failed:
        which = ", ".join(str(n) for n in failed)
        raise ClaimNotSupported(f"The data no longer support this claim (check {which} of {len(checks)} "
                                f"fails): {' '.join(sentence.split())}")
    return sentence


def checked_section(heading: str, claims: list[str]) -> str:
    """The markdown of a section of checked claims: ``## heading``, then one bullet per claim."""
    bullets = []
    for claim in claims:
        lines = textwrap.dedent(claim).strip().splitlines()
        bullets.append("\n".join(["* " + lines[0].strip()] + ["  " + line.strip() for line in lines[1:]]))
    return f"## {heading}\n\n" + "\n".join(bullets)
