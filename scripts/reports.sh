#!/usr/bin/env bash
# The README's main job: set up .venv and build every strategy article into reports/.
# Progress goes to stderr, a line per notebook ("reports: bluff.ipynb 1/5 ...") and a line
# every few seconds while one runs. The build is deterministic: on a clean checkout,
#   bash scripts/reports.sh && git status --porcelain 'reports/*.md'
# prints nothing.
set -euo pipefail
cd "$(dirname "$0")/.."
echo "reports: setting up .venv" >&2
bash scripts/setup.sh reports
.venv/bin/odds report "$@"
# With no game named, every article is built: the printable cheat sheets follow (reports/cheatsheet_*).
if [ "$#" -eq 0 ]; then
    echo "reports: cheat sheets" >&2
    .venv/bin/python -m analysis.cheatsheets
fi
