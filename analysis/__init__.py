"""Exact odds and optimal strategy for parlour games.

One subpackage per game family (``bluff``, ``yacht``, ``brag``, ``backgammon``);
``analysis.store`` caches solved tables on disk; ``analysis.cli`` is the ``odds``
command. See README.md for the questions it answers.
"""

__version__ = "0.1.0"
