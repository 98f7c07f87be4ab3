#!/usr/bin/env bash
# Create .venv (if missing) and install the toolkit with the given extras.
# Usage: bash scripts/setup.sh [extras]   e.g. test or test,bench
set -euo pipefail
cd "$(dirname "$0")/.."
extras="${1:-}"
if [ ! -x .venv/bin/python ]; then
    python3 -m venv .venv
    .venv/bin/python -m pip install -q --upgrade pip
fi
if [ -n "$extras" ]; then
    .venv/bin/python -m pip install -q -e ".[$extras]"
else
    .venv/bin/python -m pip install -q -e .
fi
