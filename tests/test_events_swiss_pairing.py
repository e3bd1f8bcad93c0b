"""Swiss pairing (events.pairing): by score, never the same two pairs twice, byes, the
tie-breaks."""

import random

import pytest

from events.pairing import BYE_SCORE, NoPairing, Played, pair_round, standings

pytestmark = pytest.mark.embedded


def play_rounds(pairs, rounds, rng):
    played, byes, meetings = [], [], []
    for _ in range(rounds):
        matches, bye = pair_round(standings(pairs, played, byes))
        if bye is not None:
            byes.append(bye)
        for first, second in matches:
            meetings.append(frozenset((first, second)))
            winner = rng.choice((first, second))
            played.append(Played(first, second, winner, (41, rng.randrange(0, 41))
                                 if winner == first else (rng.randrange(0, 41), 41)))
    return played, byes, meetings


@pytest.mark.parametrize("seed", range(20))
def test_eight_pairs_over_three_rounds_never_meet_twice(seed):
    _, byes, meetings = play_rounds(list("ABCDEFGH"), 3, random.Random(seed))
    assert len(meetings) == 12 and len(set(meetings)) == 12 and byes == []


@pytest.mark.parametrize("seed", range(10))
def test_seven_pairs_each_bye_goes_to_a_different_pair(seed):
    _, byes, meetings = play_rounds(list("ABCDEFG"), 5, random.Random(seed))
    assert len(byes) == 5 and len(set(byes)) == 5
    assert len(set(meetings)) == len(meetings) == 15


def test_the_first_round_pairs_in_registration_order_and_the_bye_is_last():
    matches, bye = pair_round(standings(list("ABCDE"), []))
    assert matches == [("A", "B"), ("C", "D")] and bye == "E"


def test_winners_meet_winners():
    played = [Played("A", "B", "B", (20, 41)), Played("C", "D", "C", (41, 30))]
    matches, _ = pair_round(standings(list("ABCD"), played))
    assert {frozenset(m) for m in matches} == {frozenset("BC"), frozenset("AD")}


def test_when_the_best_candidate_leaves_the_rest_stuck_the_search_goes_back():
    # A and B met, C and D met, A and C met: A must meet D, so B meets C.
    played = [Played("A", "B", "A"), Played("C", "D", "C"), Played("A", "C", "A"), Played("B", "D", "B")]
    matches, _ = pair_round(standings(list("ABCD"), played))
    assert {frozenset(m) for m in matches} == {frozenset("AD"), frozenset("BC")}


def test_a_field_with_no_pairing_left_is_refused():
    played = [Played(a, b, a) for a, b in ("AB", "CD", "AC", "BD", "AD", "BC")]
    with pytest.raises(NoPairing):
        pair_round(standings(list("ABCD"), played))


def test_tie_breaks_score_then_buchholz_then_difference_then_registration():
    played = [Played("A", "B", "A", (41, 10)), Played("C", "D", "C", (41, 40)),
              Played("A", "C", "C", (30, 41)), Played("B", "D", "B", (41, 0))]
    table = standings(list("ABCD"), played, byes=["D"])
    # C 2 wins; A, B and D 1 each (D's a bye, worth BYE_SCORE). Buchholz: A met B and C
    # (1 + 2 = 3), B met A and D (1 + 1 = 2), D met C and B (3). A and D tie on Buchholz:
    # A's difference is +31 - 11 = +20, D's -1 - 41 = -42.
    assert BYE_SCORE == 1
    assert [(s.pair, s.score, s.buchholz, s.difference) for s in table] == [
        ("C", 2, 2, 12), ("A", 1, 3, 20), ("D", 1, 3, -42), ("B", 1, 2, 10)]
    tied = standings(list("XY"), [])
    assert [s.pair for s in tied] == ["X", "Y"]


def test_an_adjustment_counts_in_the_score():
    table = standings(list("AB"), [Played("A", "B", "A")], adjustments={"A": -2})
    assert [(s.pair, s.score) for s in table] == [("B", 0), ("A", -1)]
