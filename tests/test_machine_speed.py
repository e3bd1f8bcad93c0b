"""benchmarks.machine_speed: the reference a load run's CPU figures are read beside."""

from benchmarks import machine_speed


def test_cpu_measured_while_the_machine_ran_at_half_speed_is_halved_at_full_speed() -> None:
    assert machine_speed.at_full_speed(7.5, 2 * machine_speed.FULL_SPEED_MS) == 3.75


def test_the_reference_is_timed_through_the_window_and_ends_with_it(monkeypatch) -> None:
    clock = [100.0]
    monkeypatch.setattr(machine_speed.time, "perf_counter", lambda: clock[0])
    monkeypatch.setattr(machine_speed.time, "sleep", lambda seconds: clock.__setitem__(0, clock[0] + seconds))
    times = iter([30.0, 20.0, 40.0])
    monkeypatch.setattr(machine_speed, "reference_ms", lambda: next(times))
    # Runs at 100, 104 and 108 s; the window closes at 110, before a fourth.
    assert machine_speed.reference_until(110.0, every=4.0) == 30.0
    assert clock[0] == 110.0


def test_a_reference_run_plays_its_hands_in_a_few_tens_of_milliseconds() -> None:
    assert 1 < machine_speed.reference_ms() < 1000
