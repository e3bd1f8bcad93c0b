"""benchmarks.load end to end at a tiny size: players made in the database (`--sessions
db`) sit and play, one client process holds every player's socket (`--procs 1`), and
spectators watch table 0 (`--spectators`), logged out or in, whose figures are printed apart."""

import re
import subprocess
import sys

import pytest

from benchmarks.load_spectators import delays
from tests.processes import ROOT

pytestmark = pytest.mark.embedded

NUMBER = r"([\d.]+|nan)"


@pytest.mark.parametrize("logged_in", [[], ["--spectators-logged-in"]], ids=["logged out", "logged in"])
def test_db_sessions_play_and_the_watched_table_is_reported_apart(logged_in: list[str]):
    done = subprocess.run(
        [sys.executable, "-m", "benchmarks.load", "--mode", "embedded", "--tables", "2", "--sessions", "db",
         "--spectators", "20", "--spectator-sample", "5", "--procs", "1", "--warmup", "2", "--window", "6",
         "--drain", "3", "--idle", "", "--analysis-grace", "2", *logged_in],
        cwd=ROOT, capture_output=True, text=True, timeout=120)
    out = done.stdout
    assert done.returncode == 0, done.stderr[-3000:]
    assert "8 players made in the database" in out
    assert "WARNING" not in out and "no larger count tried" not in out, out
    # The row exists only if every socket sat (a logged-out one cannot) and held a dealt hand.
    row = re.search(r"^embedded +1 +2 +([\d.]+) of (\d+) .* (\d+) +(\d+) +(\d+) +\d+% +\d+%", out, re.M)
    assert row is not None, out
    sent, _, errors, drops, missed = row.groups()
    assert float(sent) > 0 and (errors, drops, missed) == ("0", "0", "0"), out

    watched = re.search(rf"watched table 0 \(20 spectators\): p50 {NUMBER} .* over (\d+) moves; "
                        rf"other tables: p50 {NUMBER} .* over (\d+) moves; p99 difference", out)
    assert watched is not None, out
    assert int(watched.group(2)) > 0 and int(watched.group(4)) > 0, out

    spectators = re.search(r"spectators: 20 open \(0 refused, opened in [\d.]+ s\), "
                           r"states received each since the start "
                           r"min (\d+) / median \d+ / max (\d+) \(the players saw (\d+) versions\), "
                           r"0 missed the final version, 0 dropped, 0 errors, 0 hidden-card leaks", out)
    assert spectators is not None, out
    least, most, versions = map(int, spectators.groups())
    # States are whole: a spectator may be sent fewer than the players saw (a later one
    # stands for an earlier), but some, and the final one (above).
    assert 0 < least <= most and versions > 0, out

    timed = re.search(rf"move sent to all 5 timed spectators holding it: p50 {NUMBER} .* over (\d+) moves "
                      r"\(0 never reached them all\)", out)
    assert timed is not None, out
    assert int(timed.group(2)) > 0, out


def test_a_moves_spectator_delay_is_until_the_last_timed_spectator_holds_it():
    moves = [(10.0, 7, 5), (12.0, 7, 6), (13.0, 7, 7), (30.0, 7, 8)]  # (sent at, match, new v)
    arrivals = [
        [(10.010, 7, 5), (12.020, 7, 6), (13.005, 7, 7)],
        # A later version stands for an earlier: this one never held v 6 itself.
        [(10.030, 7, 5), (13.010, 7, 7)],
    ]
    waits, missed = delays(moves, arrivals, opens=10.0, closes=20.0)
    assert [round(w) for w in waits] == [30, 1010, 10]
    assert missed == 0
    # One spectator never got v 7: the move is missed, not timed.
    waits, missed = delays(moves, [arrivals[0], arrivals[1][:1]], opens=10.0, closes=20.0)
    assert [round(w) for w in waits] == [30]
    assert missed == 2
