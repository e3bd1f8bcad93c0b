"""Duplicate matchpoints and IMPs (events.scoring) equal a hand computation."""

import pytest

from events.scoring import IMP_SCALE, Result, imps, ranking, score_deal, score_event

pytestmark = pytest.mark.embedded


def test_one_deal_at_three_tables_by_hand():
    # North-south scored +10, +4 and +4 at three tables; east-west the opposite.
    deal = score_deal([Result(1, "A", "B", 10), Result(1, "C", "D", 4), Result(1, "E", "F", 4)])
    assert deal.top == 4
    # A beat C and E (2 + 2); C and E each tied the other (1) and lost to A.
    assert deal.matchpoints == {"A": 4, "C": 1, "E": 1, "B": 0, "D": 3, "F": 3}
    # A is 6 ahead of both (3 IMPs each); C is 6 behind A and level with E: (-3 + 0) / 2.
    assert deal.imps == {"A": 3.0, "C": -1.5, "E": -1.5, "B": -3.0, "D": 1.5, "F": 1.5}


def test_a_four_pair_two_table_event_by_hand():
    results = [
        # Deal 1: A (NS) +8 against B; C (NS) -3 against D. Deal 2: both tables +5.
        Result(1, "A", "B", 8), Result(1, "C", "D", -3),
        Result(2, "A", "B", 5), Result(2, "C", "D", 5),
    ]
    totals = score_event(results)
    # Each deal has one comparison per pair: top 2. A won deal 1 and tied deal 2: 3 of 4.
    assert {pair: (t.matchpoints, t.top) for pair, t in totals.items()} == {
        "A": (3, 4), "B": (1, 4), "C": (1, 4), "D": (3, 4)}
    assert totals["A"].percentage == 75.0 and totals["B"].percentage == 25.0
    # Deal 1's difference of 11 points is 5 IMPs; deal 2's none.
    assert totals["A"].imps == 5.0 and totals["C"].imps == -5.0
    order = {"A": 0, "B": 1, "C": 2, "D": 3}
    assert [pair for pair, _ in ranking(totals, order=order)] == ["A", "D", "B", "C"]


def test_an_adjustment_moves_a_pair_in_the_ranking():
    totals = score_event([Result(1, "A", "B", 8), Result(1, "C", "D", -3)])
    order = {"A": 0, "B": 1, "C": 2, "D": 3}
    assert [pair for pair, _ in ranking(totals, order=order)] == ["A", "D", "B", "C"]
    # 60 percentage points off: 40%, below D, above B and C.
    ranked = ranking(totals, adjustments={"A": -60}, order=order)
    assert [pair for pair, _ in ranked] == ["D", "A", "B", "C"] and ranked[1][1].percentage == 40.0


@pytest.mark.parametrize(("difference", "expected"), [
    (0, 0), (1, 1), (2, 1), (3, 2), (6, 3), (7, 4), (13, 5), (14, 6), (25, 7), (26, 8), (100, 8), (-7, -4)])
def test_the_imp_scale(difference, expected):
    assert imps(difference) == expected
    assert len(IMP_SCALE) == 8


def test_a_deal_played_at_one_table_only_is_average():
    deal = score_deal([Result(1, "A", "B", 8)])
    assert deal.top == 0 and deal.matchpoints == {"A": 0, "B": 0} and deal.imps == {"A": 0.0, "B": 0.0}
    assert score_event([Result(1, "A", "B", 8)])["A"].percentage == 50.0
