#!/usr/bin/env bash
# The README's test command: set up .venv and run the whole test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh test
# Two workers: numba kernels compile once into the on-disk cache and are shared.
exec .venv/bin/python -m pytest -n 2 "$@"
