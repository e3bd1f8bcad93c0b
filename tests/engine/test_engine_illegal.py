"""Every kind of illegal action raises IllegalAction (a ValueError) and changes nothing."""

import json

import pytest

from games.engine import FULL_DECK, IllegalAction, Match, new_match


def classic_bidding():
    m = new_match("classic", dealer=0)
    m.deal(FULL_DECK)  # seat 1: 2C 6C TC AC ...; seat 0 gets every 4th card from 5C
    m.apply(1, {"type": "bid", "value": 8})
    return m  # seat 2 to act, highest bid 8


def classic_trump():
    m = classic_bidding()
    for seat in (2, 3, 0):
        m.apply(seat, {"type": "pass"})
    return m  # seat 1 names trump


def classic_playing():
    m = classic_trump()
    m.apply(1, {"type": "trump", "suit": "S"})
    m.apply(1, {"type": "play", "card": "2C"})
    return m  # seat 2 to follow clubs; holds 3C 7C JC and 2D ...


def forty_one_bidding():
    m = new_match("forty_one", dealer=0)
    m.deal(FULL_DECK)
    return m


def assert_refused(m, seat, action, match=None):
    before = json.dumps(m.to_dict(), sort_keys=True)
    view = m.view(seat if type(seat) is int and 0 <= seat < 4 else None)
    with pytest.raises(IllegalAction, match=match) as err:
        m.apply(seat, action)
    assert isinstance(err.value, ValueError)
    assert str(err.value)  # a human-readable message
    assert json.dumps(m.to_dict(), sort_keys=True) == before
    assert m.view(view["seat"]) == view


CASES = [
    # (state, seat, action, message fragment)
    (classic_bidding, 3, {"type": "pass"}, "seat 2's turn"),
    (classic_bidding, True, {"type": "pass"}, "seat must be an int"),
    (classic_bidding, 2.0, {"type": "pass"}, "seat must be an int"),
    (classic_bidding, "2", {"type": "pass"}, "seat must be an int"),
    (classic_bidding, None, {"type": "pass"}, "seat must be an int"),
    (classic_bidding, 7, {"type": "pass"}, "seat must be an int"),
    (classic_bidding, 2, None, "must be a dict"),
    (classic_bidding, 2, ["bid", 9], "must be a dict"),
    (classic_bidding, 2, "pass", "must be a dict"),
    (classic_bidding, 2, {}, "Unknown action type"),
    (classic_bidding, 2, {"type": "fold"}, "Unknown action type"),
    (classic_bidding, 2, {"type": "bid"}, "Malformed bid"),
    (classic_bidding, 2, {"type": "bid", "value": "9"}, "Malformed bid"),
    (classic_bidding, 2, {"type": "bid", "value": 9.0}, "Malformed bid"),
    (classic_bidding, 2, {"type": "bid", "value": True}, "Malformed bid"),
    (classic_bidding, 2, {"type": "bid", "value": 9, "seat": 2}, "Malformed bid"),
    (classic_bidding, 2, {"type": "pass", "value": 9}, "Malformed pass"),
    (classic_bidding, 2, {"type": "bid", "value": 8}, "higher"),
    (classic_bidding, 2, {"type": "bid", "value": 6}, "7 to 13"),
    (classic_bidding, 2, {"type": "bid", "value": 14}, "7 to 13"),
    (classic_bidding, 2, {"type": "play", "card": "3C"}, "not allowed in the bidding"),
    (classic_bidding, 2, {"type": "trump", "suit": "S"}, "not allowed in the bidding"),
    (classic_trump, 1, {"type": "trump", "suit": "X"}, "not a suit"),
    (classic_trump, 1, {"type": "trump", "suit": "s"}, "not a suit"),
    (classic_trump, 1, {"type": "trump", "suit": 3}, "Malformed trump"),
    (classic_trump, 1, {"type": "trump"}, "Malformed trump"),
    (classic_trump, 1, {"type": "pass"}, "not allowed in the trump"),
    (classic_trump, 2, {"type": "trump", "suit": "S"}, "seat 1's turn"),
    (classic_playing, 2, {"type": "play", "card": "2D"}, "must follow suit"),
    (classic_playing, 2, {"type": "play", "card": "5C"}, "does not hold"),
    (classic_playing, 2, {"type": "play", "card": "2C"}, "does not hold"),
    (classic_playing, 2, {"type": "play", "card": "3c"}, "not a card"),
    (classic_playing, 2, {"type": "play", "card": "1C"}, "not a card"),
    (classic_playing, 2, {"type": "play", "card": 3}, "Malformed play"),
    (classic_playing, 2, {"type": "play", "card": ["3", "C"]}, "Malformed play"),
    (classic_playing, 2, {"type": "play", "card": "3C", "x": 1}, "Malformed play"),
    (classic_playing, 2, {"type": "play"}, "Malformed play"),
    (classic_playing, 2, {"type": "bid", "value": 9}, "not allowed in the playing"),
    (classic_playing, 3, {"type": "play", "card": "4C"}, "seat 2's turn"),
    (classic_playing, 2, None, "must be a dict"),
    (forty_one_bidding, 1, {"type": "bid", "value": 6}, "except 6"),
    (forty_one_bidding, 1, {"type": "pass"}, "no pass"),
    (forty_one_bidding, 1, {"type": "bid", "value": 1}, "except 6"),
    (forty_one_bidding, 1, {"type": "trump", "suit": "S"}, "not allowed"),
    (forty_one_bidding, 1, {"type": "bid", "value": False}, "Malformed bid"),
    (forty_one_bidding, 2, {"type": "bid", "value": 5}, "seat 1's turn"),
]


@pytest.mark.parametrize(("state", "seat", "action", "message"), CASES)
def test_it_refuses(state, seat, action, message):
    assert_refused(state(), seat, action, message)


@pytest.mark.parametrize("variant", ["classic", "forty_one"])
def test_nothing_may_be_played_before_the_deal_or_after_the_end(variant):
    m = new_match(variant, dealer=0)
    assert m.legal_actions() == []
    assert_refused(m, 1, {"type": "bid", "value": 7}, "not been dealt")
    assert_refused(m, None, {"type": "bid", "value": 7}, "not been dealt")
    d = m.to_dict()
    d.update(phase="finished", winner=1)
    done = Match.from_dict(d)
    assert_refused(done, 0, {"type": "pass"}, "over")
    with pytest.raises(IllegalAction, match="Cannot deal"):
        done.deal(FULL_DECK)


@pytest.mark.parametrize(
    "deck",
    [
        FULL_DECK[:51],
        (*FULL_DECK, "2C"),
        (*FULL_DECK[:51], "2C"),
        (*FULL_DECK[:51], "1S"),
        (*FULL_DECK[:51], None),
        (*FULL_DECK[:51], ["A", "S"]),
        None,
        52,
        "".join(FULL_DECK),
    ],
)
def test_deal_refuses_anything_but_52_distinct_cards(deck):
    m = new_match("classic", dealer=0)
    before = m.to_dict()
    with pytest.raises(IllegalAction):
        m.deal(deck)
    assert m.to_dict() == before


def test_deal_is_refused_once_dealt():
    m = classic_bidding()
    before = m.to_dict()
    with pytest.raises(IllegalAction, match="Cannot deal"):
        m.deal(FULL_DECK)
    assert m.to_dict() == before


@pytest.mark.parametrize(
    ("variant", "kwargs"),
    [
        ("classic", {"dealer": 0, "target": 40}),
        ("classic", {"dealer": 0, "target": "41"}),
        ("classic", {"dealer": 4}),
        ("classic", {"dealer": True}),
        ("forty_one", {"dealer": 0, "target": 61}),
        ("hearts", {"dealer": 0}),
    ],
)
def test_new_match_refuses_bad_settings(variant, kwargs):
    with pytest.raises(ValueError):
        new_match(variant, **kwargs)


def test_legal_action_dicts_are_read_only_and_copy_to_plain_dicts():
    import copy

    m = classic_playing()
    action = m.legal_actions()[0]
    with pytest.raises(TypeError):
        action["card"] = "AS"
    assert type(copy.deepcopy(action)) is dict and copy.copy(action) == action
    assert json.loads(json.dumps(action)) == action
