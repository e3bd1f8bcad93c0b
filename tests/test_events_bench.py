"""The events benchmark runs (a smoke test; the figures themselves are not checked)."""

import pytest

from benchmarks import events

pytestmark = pytest.mark.embedded


def test_the_benchmark_pairs_and_scores():
    assert events.time_pairing(50, 3, seed=1) >= 0
    assert events.time_scoring(8, 4, seed=1) >= 0
