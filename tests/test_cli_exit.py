"""The ``odds`` script's exit: the answer, the exit code and libraries' exit hooks, a reader that left early."""

import subprocess
import sys


def _odds(*argv, code_before=""):
    script = (f"import sys; {code_before}sys.argv = ['odds', *{list(argv)!r}]; "
              "from analysis.cli.main import run; run()")
    return subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)


def test_the_answer_and_exit_code_reach_a_pipe():
    done = _odds("brag", "hand", "AS KS QS")
    assert done.returncode == 0 and done.stdout.strip() and done.stderr == ""
    bad = _odds("bluff", "call", "--dice", "9 9", "--opponents", "5", "--bid", "4x3")
    assert bad.returncode == 2 and bad.stdout == ""
    assert len(bad.stderr.strip().splitlines()) == 1 and "not a face" in bad.stderr


def test_exit_hooks_registered_by_libraries_still_run():
    done = _odds("brag", "hand", "AS KS QS",
                 code_before="import atexit; atexit.register(lambda: print('hook ran', flush=True)); ")
    assert done.returncode == 0 and done.stdout.rstrip().endswith("hook ran")


def test_a_reader_that_goes_away_is_not_an_error():
    script = ("import sys; sys.argv = ['odds', 'brag', 'hand', 'AS KS QS']; "
              "from analysis.cli.main import run; run()")
    reader = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    reader.stdout.close()  # the reader has gone before the answer is written
    assert reader.wait(timeout=120) == 0
    assert b"Traceback" not in reader.stderr.read()
