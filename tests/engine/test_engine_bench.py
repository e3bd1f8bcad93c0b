"""The benchmark command runs (a smoke test; the figures themselves are not checked)."""

from games.engine import bench


def test_the_benchmark_plays_hands_and_times_calls():
    for variant in bench.VARIANTS:
        rate, wall_rate, played, _thrown = bench.hands_per_second(variant, 0.05)
        assert played > 0 and rate > 0 and wall_rate > 0
        medians = bench.median_call_us(variant, samples=200)
        assert set(medians) == {"apply", "legal_actions", "view"}
