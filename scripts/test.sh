#!/usr/bin/env bash
# The README's test command: set up .venv and run the whole test suite.
#   bash scripts/test.sh            everything (CI runs this): notebooks, browser tests, the built wheel
#   bash scripts/test.sh --quick    the developer's lane after a change (a few minutes): unit tests, golden builds,
#                                   doctests; not the tests marked slow, the notebooks or the browser
# Further arguments go to pytest (e.g. bash scripts/test.sh --quick tests/brag).
set -euo pipefail
cd "$(dirname "$0")/.."
quick=0
if [ "${1:-}" = "--quick" ]; then
    quick=1
    shift
fi
bash scripts/setup.sh test
if [ "$quick" = 1 ]; then
    exec .venv/bin/python -m pytest -n 2 -m "not slow and not browser" "$@"
fi
# The browser tests of odds serve drive Debian's headless Chromium: install it where we can (as root,
# with apt-get); elsewhere they skip with one line saying why (in CI, where CI is set, they must run).
if ! command -v chromedriver >/dev/null || ! { command -v chromium >/dev/null || command -v chromium-browser >/dev/null; }; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
        echo "test.sh: installing chromium and chromium-driver for the browser tests (apt-get)" >&2
        { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver; } \
            >/dev/null 2>&1 || echo "test.sh: could not install chromium; the browser tests will say why they skip" >&2
    fi
fi
# Two workers: numba kernels compile once into the on-disk cache and are shared.
exec .venv/bin/python -m pytest -n 2 "$@"
