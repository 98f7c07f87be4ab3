"""The questions a player asks, read from the player's words into the library's objects.

Both the command line (``odds``) and the web page (``odds serve``) read their inputs here, so a value
is checked once, by one rule, with one sentence, and every sentence names the input it is about
(:attr:`analysis.errors.OddsError.field`). :mod:`~analysis.questions.read` reads numbers within their
ranges; :mod:`analysis.house_rules` a game's preset and house rules; :mod:`~analysis.questions.charts`
each page's charts.
"""
