"""benchmarks.bots_ceiling: the oracle plays double dummy's best card on the true deal, bids
from it, and is out of the platform's reach (no bot level, no arena level, nothing in games/
imports it)."""

import argparse
import json
import pathlib
import random
import re

import pytest

from benchmarks import bots_ceiling
from benchmarks.bots_ceiling import ORACLE_ALL, ORACLE_PLAY, SEERS, true_hands
from games.bots import LEVELS, choose, dds
from games.bots.arena import ARENA_LEVELS, arena_level, play_match, seeded_decks
from games.bots.table import Table
from games.engine import full_deck, new_match
from games.engine.cards import CARD_INDEX


def test_the_oracle_plays_a_card_double_dummy_ranks_best():
    """Classic (its score only grows with the side's tricks): on standard's own late
    positions, the oracle's card takes the most tricks double dummy on the true deal, and
    somewhere standard's card takes fewer."""
    checked = better = 0
    for k in range(12):
        match = new_match("classic", dealer=k % 4, deals=1)
        history = match.deal(next(seeded_decks(77, k)))
        while match.to_act is not None:
            seat = match.to_act
            view = match.view(seat)
            action = choose(view, history, "standard", random.Random(0))
            if match.phase == "playing" and len(view["hand"]) <= 5:
                t = Table.from_view(view, history)
                leader = t.trick[0][0] if t.trick else seat
                scores = dds.solve(true_hands(match), t.trump, leader, [c for _, c in t.trick])
                oracle = bots_ceiling.oracle_play(match, seat, history, random.Random(0))
                assert scores[CARD_INDEX[oracle["card"]]] == max(scores.values())
                checked += 1
                better += scores[CARD_INDEX[action["card"]]] < max(scores.values())
            history += match.apply(seat, action)
    assert checked > 100 and better > 0


def deal_of(hands: list[str], dealer: int) -> list[str]:
    """The deck that deals ``hands`` (13 cards each, as "AS KS ...") to seats 0..3."""
    deck = [""] * 52
    for seat, cards in enumerate(hands):
        for k, card in enumerate(cards.split()):
            deck[4 * k + (seat - dealer - 1) % 4] = card
    assert sorted(deck) == sorted(full_deck())
    return deck


def test_the_oracle_side_bids_thirteen_on_a_double_dummy_laydown():
    """Classic: all thirteen tricks double dummy with spades for the oracle's side, though no
    hand of it has more than nine sure tricks: the auction ends in its 13 (26 points), which
    it makes, where the expert's bids stop lower."""
    hands = [
        "AS KS QS JS TS 9S AH KH QH 2C 3C 4C 5C",
        "8S 7S 6S JH TH 9H 8H 6C 7C 8C 9C TC JC",
        "5S 4S 3S 2S AD KD QD JD TD AC KC QC 7H",
        "9D 8D 7D 6D 5D 4D 3D 2D 6H 5H 4H 3H 2H",
    ]
    points = {}
    for oracle in (ORACLE_ALL, ORACLE_PLAY):
        record = play_match("classic", (oracle, "standard"), iter([deal_of(hands, 3)]), dealer=3,
                            target=None, rng=random.Random(0), max_hands=1, seers=SEERS)
        points[oracle] = record.deals[0][1]
        if oracle == ORACLE_ALL:
            assert record.contracts[oracle] == [(13, True)]
    assert points[ORACLE_ALL] == [26, 0] and points[ORACLE_PLAY][0] < 26


def test_tarneeb_41_shares_add_up_to_the_side_double_dummy_tricks():
    deck = next(seeded_decks(5, 0))
    match = new_match("forty_one", dealer=0)
    match.deal(deck)
    hands = tuple(true_hands(match))
    trump = "CDHS".index(match.view(0)["trump"])
    shares = bots_ceiling.dd_shares(hands, trump, 1)
    side = dds.table(hands, [1], [trump])[(trump, 1)]
    assert sum(shares) == 13 and shares[1] + shares[3] == side


@pytest.mark.parametrize("variant", ["classic", "forty_one"])
def test_an_arena_hand_with_each_oracle(variant):
    for oracle in (ORACLE_PLAY, ORACLE_ALL):
        record = play_match(variant, (oracle, "standard"), seeded_decks(3, 0), dealer=0, target=None,
                            rng=random.Random(0), max_hands=1, seers=SEERS)
        assert len(record.deals) == 1 and record.times[oracle]


def test_the_oracle_is_no_bot_level_and_games_never_imports_it():
    match = new_match("classic", dealer=0)
    history = match.deal(full_deck())
    for name in SEERS:
        assert name not in LEVELS and name not in ARENA_LEVELS
        with pytest.raises(ValueError):
            choose(match.view(match.to_act), history, name, random.Random(0))
        with pytest.raises(argparse.ArgumentTypeError):
            arena_level(name)
    games = pathlib.Path(__file__).resolve().parent.parent / "games"
    imports = re.compile(r"^\s*(from|import)\s+benchmarks\b", re.MULTILINE)
    assert not [p for p in games.rglob("*.py") if imports.search(p.read_text())]


def test_joined_runs_and_tarneeb_41_tricks_shared_as_bid(tmp_path):
    """A paired deal where the oracle's partners (north-south, then east-west) took 9 tricks on
    bids of 5 and 4 but one failed: shared as bid, both are made."""
    def hand(bids, tricks, points):
        return [{"type": "hand_scored", "thrown_in": False, "bids": bids, "tricks": tricks, "points": points}]

    first = hand([5, 2, 4, 2], [7, 2, 2, 2], [5, 2, -4, 2])  # north-south: 9 tricks, 4 failed
    second = hand([2, 5, 2, 4], [2, 5, 2, 4], [2, 5, 2, 4])  # east-west: both made
    row = {"pair": 0, "hand": 0, "diff": ((1 - 4) + (9 - 4)) / 2, "tables": [first, second]}
    path = tmp_path / "deals.jsonl"
    path.write_text(json.dumps(row) + "\n" + json.dumps({**row, "hand": 1}) + "\n")
    assert bots_ceiling.shared_as_bid(row) == ((9 - 4) + (9 - 4)) / 2
    text = bots_ceiling.join([path], [path])
    assert "2 paired deals: +1.00" in text and "made 6 of 8" in text and "of them 2 with" in text
    assert "shared as bid: +5.00" in text and "both played: +0.00" in text


def test_tarneeb_41_endgame_search_value_is_what_the_side_then_scores():
    """The exact search of each seat's tricks (oracle-seats, last four tricks) promises its side
    a score whatever the other side plays: playing its cards on from there against standard,
    the side scores at least that, and exactly that somewhere."""
    checked = exact = 0
    for k in range(8):
        match = new_match("forty_one", dealer=k % 4, deals=1)
        history = match.deal(next(seeded_decks(11, k)))
        promise: tuple[int, float] | None = None
        while match.to_act is not None:
            seat = match.to_act
            view = match.view(seat)
            if promise is None and match.phase == "playing" and max(view["cards_left"]) <= 4:
                values = bots_ceiling.seat_values(Table.from_view(view, history), true_hands(match))
                promise = (seat & 1, max(values.values()))
            if promise is not None and seat & 1 == promise[0]:
                action = bots_ceiling.oracle_seats(match, seat, history, random.Random(0))
            else:
                action = choose(view, history, "standard", random.Random(0))
            history += match.apply(seat, action)
        if promise is not None:
            side, value = promise
            points = next(e for e in reversed(history) if e["type"] == "hand_scored")["points"]
            scored = points[side] + points[side + 2] - points[side ^ 1] - points[side ^ 3]
            assert scored >= value
            checked += 1
            exact += scored == value
    assert checked >= 6 and exact > 0
