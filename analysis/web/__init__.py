"""``odds serve``: every game's questions on a local web page, made for a phone at the table.

:mod:`analysis.web.app` is the Starlette application; each game's page is a small module here
(:mod:`~analysis.web.bluff`, :mod:`~analysis.web.yacht`, :mod:`~analysis.web.brag`,
:mod:`~analysis.web.backgammon`) listing its form's fields and the ``odds`` command lines they
ask; :mod:`analysis.web.ask` runs those in-process, so each page answers with the command's own
library calls and JSON. A page's long questions (a match of bots, a simulation) run as jobs
(:mod:`analysis.web.jobs`): in a process of their own, with a progress bar and a Cancel that stops
the work. Templates, style sheet and script ship in the package (nothing is fetched).
"""
