"""benchmarks.load: which seat moves on a tick, and which moves its figures count."""

import math
import random
from typing import Any

from benchmarks.load import LoadTable, figures


class Seat:
    """Stands in for a TableClient: the latest state it holds, and what it sent."""

    def __init__(self, v: int, legal: list[dict[str, Any]], phase: str = "playing") -> None:
        self.state: dict[str, Any] = {"v": v, "legal": legal, "match": {"id": 7, "phase": phase}}
        self.sent: list[dict[str, Any]] = []

    async def act(self, action: dict[str, Any], v: int) -> None:
        self.sent.append({"type": "act", "action": action, "v": v})

    async def send(self, message: dict[str, Any]) -> None:
        self.sent.append(message)

    async def say_here_if_due(self) -> None:
        """A page's "here" is no move: the pacing tests count moves only."""


def table(*seats: Seat) -> LoadTable:
    return LoadTable(list(seats), 2.0, random.Random(1))  # type: ignore[arg-type]  # Seat stands in for TableClient


PASS = {"type": "pass"}


async def test_the_seat_to_act_moves_once_a_version_and_again_once_the_next_arrives() -> None:
    seats = [Seat(5, []), Seat(5, [PASS]), Seat(5, []), Seat(5, [])]
    paced = table(*seats)
    await paced.tick()
    await paced.tick()  # nobody holds v6 yet: the tick passes
    assert seats[1].sent == [{"type": "act", "action": PASS, "v": 5}]
    assert list(paced.pending) == [(7, 6)]
    seats[1].state = {**seats[1].state, "v": 6, "legal": []}
    seats[2].state = {**seats[2].state, "v": 6, "legal": [PASS]}
    await paced.tick()
    assert seats[2].sent == [{"type": "act", "action": PASS, "v": 6}]
    assert len(paced.sent) == 2


async def test_a_seat_whose_state_is_behind_the_tables_newest_does_not_act() -> None:
    # Seat 1 moved at v5 and has not read v6 yet; seat 2, to act at v6, has not read it either.
    seats = [Seat(6, []), Seat(5, [PASS]), Seat(5, []), Seat(6, [])]
    paced = table(*seats)
    await paced.tick()
    assert [seat.sent for seat in seats] == [[], [], [], []]
    assert paced.sent == []


async def test_a_finished_match_is_rematched_once_and_not_timed_as_a_move() -> None:
    seats = [Seat(90, [], "finished") for _ in range(4)]
    paced = table(*seats)
    await paced.tick()
    await paced.tick()
    assert seats[0].sent == [{"type": "rematch"}]
    assert paced.sent == [] and paced.pending == {}


async def test_a_move_is_timed_until_the_fourth_seat_holds_its_version_or_a_later_one() -> None:
    seats = [Seat(5, [PASS]), Seat(5, []), Seat(5, []), Seat(5, [])]
    paced = table(*seats)
    await paced.tick()
    sent = paced.sent[0]
    for seat in (0, 1, 2):
        paced.note(seat, {"v": 6, "match": {"id": 7, "phase": "playing"}})
    assert paced.samples == []
    paced.note(3, {"v": 7, "match": {"id": 7, "phase": "playing"}})
    [(at, latency)] = paced.samples
    assert at == sent and latency > 0
    assert paced.pending == {}


def test_only_moves_sent_inside_the_window_count_and_those_never_seen_by_all_four_are_missed() -> None:
    samples = [(9.9, 0.5), (10.0, 0.010), (11.0, 0.020), (12.0, 0.030), (19.0, 0.040), (20.0, 0.9)]
    sent = [9.9, 10.0, 11.0, 12.0, 15.0, 19.0, 20.0]  # the one at 15.0 never came back to all four
    ticks = [9.9 + n * 0.5 for n in range(24)]  # 20 of them fall in [10, 20)
    found = figures(samples, sent, ticks, opens=10.0, closes=20.0)
    assert found["moves"] == 5 and found["missed"] == 1
    assert found["sent_per_s"] == 0.5 and found["asked_per_s"] == 2.0
    assert math.isclose(found["p50"], 25.0) and math.isclose(found["max"], 40.0)
    assert math.isclose(found["p99"], 40.0) and math.isclose(found["p95"], 40.0)


async def test_a_deal_is_timed_from_the_move_that_ended_the_hand_to_the_fourth_seat_less_the_pause() -> None:
    seats = [Seat(5, [PASS]), Seat(5, []), Seat(5, []), Seat(5, [])]
    paced = LoadTable(seats, 2.0, random.Random(1),  # type: ignore[arg-type]  # Seat stands in for TableClient
                      next_hand=-1000.0)
    await paced.tick()
    sent = paced.sent[0]
    for seat in range(4):
        paced.note(seat, {"v": 6, "match": {"id": 7, "phase": "deal"}})
    for seat in range(3):
        paced.note(seat, {"v": 7, "match": {"id": 7, "phase": "bidding"}})
    assert paced.deal_samples == []
    paced.note(3, {"v": 8, "match": {"id": 7, "phase": "bidding"}})
    [(at, lateness)] = paced.deal_samples
    assert at == sent and lateness >= 1000  # the pause (here -1000 s) is taken off


async def test_a_move_that_does_not_end_the_hand_times_no_deal() -> None:
    seats = [Seat(5, [PASS]), Seat(5, []), Seat(5, []), Seat(5, [])]
    paced = table(*seats)
    await paced.tick()
    for v, phase in ((6, "playing"), (7, "deal"), (8, "bidding")):
        for seat in range(4):
            paced.note(seat, {"v": v, "match": {"id": 7, "phase": phase}})
    assert paced.deal_samples == [] and paced.deals == {}
