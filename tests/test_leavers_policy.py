"""playban.policy, the leavers' rules on their own: what an abandonment is, the growing
cool-downs, the 30-day window and forgiveness by clean matches. No database."""

import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from playban import policy

NOW = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)


def test_removed_is_an_abandonment_whoever_played_the_turns():
    assert policy.abandonment(40, 0, removed=True) == policy.REMOVED
    assert policy.abandonment(40, 40, removed=True) == policy.REMOVED


def test_the_timer_playing_over_half_of_the_turns_is_an_abandonment():
    assert policy.abandonment(40, 21, removed=False) == policy.TIMER
    assert policy.abandonment(3, 2, removed=False) == policy.TIMER
    assert policy.abandonment(40, 40, removed=False) == policy.TIMER


def test_half_or_fewer_is_not():
    assert policy.abandonment(40, 20, removed=False) is None
    assert policy.abandonment(40, 1, removed=False) is None
    assert policy.abandonment(0, 0, removed=False) is None


def test_cool_downs_grow_15_minutes_1_hour_3_hours_then_24_hours():
    assert [policy.cool_down(n) for n in range(1, 7)] == [
        timedelta(minutes=15), timedelta(hours=1), timedelta(hours=3),
        timedelta(hours=24), timedelta(hours=24), timedelta(hours=24)]


def test_no_cool_down_without_an_abandonment():
    with pytest.raises(ValueError):
        policy.cool_down(0)


def test_an_abandonment_counts_for_30_days():
    assert policy.counts(NOW - timedelta(days=29, hours=23), NOW)
    assert not policy.counts(NOW - timedelta(days=30), NOW)
    assert not policy.counts(NOW - timedelta(days=45), NOW)


def test_every_third_clean_match_in_a_row_forgives_one():
    assert [n for n in range(10) if policy.forgives(n)] == [3, 6, 9]


def test_it_imports_no_framework_module():
    code = ("import sys, playban.policy\n"
            "print(','.join(sorted(n for n in sys.modules if n.split('.')[0] in ('django', 'channels'))))")
    root = Path(policy.__file__).parent.parent
    out = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
