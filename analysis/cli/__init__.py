"""The ``odds`` command: one module per game, each adding its own subcommands."""
