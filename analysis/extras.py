"""The optional parts of the toolkit and the one sentence that says how to install them.

``pip install -e .`` installs what the ``odds`` command needs. Building the articles needs the
``reports`` extra (Jupyter's notebook runner and converter), and a tournament's Dask schedulers the
``scale`` extra; both commands of the README install them. Imported through ``need``, a missing
package is one sentence naming the command that installs it (exit code 2 at the command line).

>>> need("json", "Reading a log").__name__
'json'
>>> need("nbconvert.no_such_module", "Building the articles")
Traceback (most recent call last):
...
analysis.errors.MissingExtra: Building the articles needs the optional package nbconvert, which is not installed; install it with pip install -e ".[reports]".
"""

from __future__ import annotations

import importlib

from analysis.errors import MissingExtra

#: The top-level package -> the extra of pyproject.toml that installs it.
EXTRAS = {"dask": "scale", "distributed": "scale",
          "nbclient": "reports", "nbconvert": "reports", "nbformat": "reports", "ipykernel": "reports",
          "starlette": "serve", "uvicorn": "serve", "jinja2": "serve"}


def need(module: str, purpose: str):
    """``module`` imported, or ``MissingExtra`` naming the extra that installs it (``purpose`` starts the sentence)."""
    try:
        return importlib.import_module(module)
    except ImportError:
        package = module.split(".")[0]
        extra = EXTRAS.get(package)
        where = f'pip install -e ".[{extra}]"' if extra else f"pip install {package}"
        raise MissingExtra(f"{purpose} needs the optional package {package}, which is not installed; "
                           f"install it with {where}.") from None
