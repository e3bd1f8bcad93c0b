"""view(seat): the keys a table needs, and only what that seat may see."""

import json

import pytest

from games.engine import FULL_DECK, Match, new_match

KEYS = {
    "variant", "target", "seat", "phase", "dealer", "to_act", "hand", "trump", "scores",
    "winner", "bids", "contract", "trick", "leader", "tricks_taken", "team_tricks",
    "last_trick", "cards_left", "exposed_card", "hand_number", "last_hand",
}  # fmt: skip


def states(variant):
    """(phase, match) through deal, bidding, trump (Classic), playing, finished."""
    m = new_match(variant, dealer=0)
    yield m
    m = Match.from_dict(m.to_dict())
    m.deal(FULL_DECK)
    yield m
    m = Match.from_dict(m.to_dict())
    if variant == "classic":
        m.apply(1, {"type": "bid", "value": 13})
        yield m
        m = Match.from_dict(m.to_dict())
        m.apply(1, {"type": "trump", "suit": "H"})
    else:
        for seat in (1, 2, 3, 0):
            m.apply(seat, {"type": "bid", "value": 3})
    yield m
    m = Match.from_dict(m.to_dict())
    for _ in range(6):
        m.apply(m.to_act, m.legal_actions()[0])
    yield m
    d = m.to_dict()
    d.update(phase="finished", winner=1, to_act=None, hands=[[], [], [], []])
    yield Match.from_dict(d)


@pytest.mark.parametrize("variant", ["classic", "forty_one"])
def test_every_view_has_every_key_and_is_json(variant):
    phases = set()
    for m in states(variant):
        phases.add(m.phase)
        for seat in (None, 0, 1, 2, 3):
            v = m.view(seat)
            assert set(v) == KEYS
            assert json.loads(json.dumps(v)) == v
            assert v["seat"] == seat and v["phase"] == m.phase and v["to_act"] == m.to_act
            assert v["variant"] == variant and v["target"] == 41
    assert phases >= {"deal", "bidding", "playing", "finished"}


def test_a_seat_sees_its_own_hand_sorted_and_a_spectator_none():
    m = new_match("classic", dealer=3)
    m.deal(FULL_DECK)
    hand = m.view(0)["hand"]
    assert hand == [FULL_DECK[i] for i in range(0, 52, 4)]  # by suit C D H S, then rank
    assert m.view(None)["hand"] == []
    assert m.view(None)["cards_left"] == [13, 13, 13, 13]
    assert m.view(2)["exposed_card"] is None and m.view(2)["trump"] is None


def test_the_trick_in_progress_and_the_last_trick():
    m = new_match("classic", dealer=0)
    m.deal(FULL_DECK)
    m.apply(1, {"type": "bid", "value": 13})
    m.apply(1, {"type": "trump", "suit": "C"})
    plays = [(1, "2C"), (2, "3C"), (3, "4C"), (0, "5C")]
    for seat, card in plays[:2]:
        m.apply(seat, {"type": "play", "card": card})
    v = m.view(None)
    assert v["trick"] == [{"seat": 1, "card": "2C"}, {"seat": 2, "card": "3C"}]
    assert v["leader"] == 1 and v["last_trick"] is None
    assert v["cards_left"] == [13, 12, 12, 13]
    events = []
    for seat, card in plays[2:]:
        events += m.apply(seat, {"type": "play", "card": card})
    cards = [{"seat": s, "card": c} for s, c in plays]
    assert events[-1] == {"type": "trick", "winner": 0, "cards": cards}
    v = m.view(3)
    assert v["trick"] == [] and v["leader"] == 0 and v["to_act"] == 0
    assert v["last_trick"] == {"cards": cards, "winner": 0}
    assert v["tricks_taken"] == [1, 0, 0, 0] and v["team_tricks"] == [1, 0]


def test_views_and_events_share_nothing_with_the_match():
    m = new_match("forty_one", dealer=0)
    events = m.deal(FULL_DECK)
    assert set(events[0]) == {"type", "dealer", "hand_number", "exposed_card"}  # no hands
    before = m.to_dict()
    v = m.view(1)
    v["hand"].clear()
    v["scores"][0] = 99
    v["cards_left"][1] = 0
    events[0]["dealer"] = 3
    assert m.to_dict() == before


def test_view_refuses_a_bad_seat():
    with pytest.raises(ValueError):
        new_match("classic", dealer=0).view(4)
