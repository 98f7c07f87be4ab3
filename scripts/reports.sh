#!/usr/bin/env bash
# The README's main job: set up .venv and build every strategy report into reports/.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
exec .venv/bin/odds report "$@"
