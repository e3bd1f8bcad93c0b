"""A bot sees only its seat's view and the public events: hidden cards cannot change its move."""

import copy
import inspect
import random

import pytest

from games.bots import choose
from games.engine import Match, full_deck, new_match


class RecordingView(dict):
    """A view that notes every key the bot reads."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.read = set()

    def __getitem__(self, key):
        self.read.add(key)
        return super().__getitem__(key)

    def get(self, key, default=None):
        self.read.add(key)
        return super().get(key, default)


def positions(variant, seed, count):
    """(match, hand's events) at random moments of self-played standard hands."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        match = new_match(variant, dealer=rng.randrange(4))
        deck = full_deck()
        rng.shuffle(deck)
        events = match.deal(deck)
        stop = rng.randrange(1, 52)
        moves = 0
        while match.to_act is not None and moves < stop:
            seat = match.to_act
            events += match.apply(seat, choose(match.view(seat), events, "standard", rng))
            moves += 1
        if match.to_act is not None:
            out.append((match, events))
    return out


def with_other_hidden_hands(match, rng):
    """The same match with cards swapped between the hands the seat to act cannot see:
    same-suit swaps keep every void shown, so the seat's view is unchanged."""
    state = copy.deepcopy(match.to_dict())
    me = match.to_act
    others = [s for s in range(4) if s != me]
    hands = state["hands"]
    for _ in range(20):
        a, b = rng.sample(others, 2)
        pairs = [(x, y) for x in hands[a] for y in hands[b] if x[1] == y[1]]
        if pairs:
            x, y = rng.choice(pairs)
            hands[a][hands[a].index(x)] = y
            hands[b][hands[b].index(y)] = x
    return Match.from_dict(state)


@pytest.mark.parametrize("variant", ["classic", "forty_one"])
@pytest.mark.parametrize("level", ["standard", "expert"])
def test_the_move_does_not_depend_on_hidden_cards(level, variant):
    rng = random.Random(5)
    changed = 0
    for match, events in positions(variant, f"hidden:{level}:{variant}", 60):
        seat = match.to_act
        other = with_other_hidden_hands(match, rng)
        assert other.view(seat) == match.view(seat)
        changed += other.to_dict()["hands"] != match.to_dict()["hands"]
        first = choose(match.view(seat), events, level, random.Random(1))
        again = choose(other.view(seat), events, level, random.Random(1))
        assert first == again
    assert changed > 40  # the hidden hands really differed


@pytest.mark.parametrize("level", ["standard", "expert"])
def test_it_reads_only_the_view_and_the_events(level):
    assert list(inspect.signature(choose).parameters) == ["view", "history", "level", "rng"]
    for match, events in positions("classic", f"keys:{level}", 20):
        view = RecordingView(match.view(match.to_act))
        action = choose(view, events, level, random.Random(2))
        assert action in match.legal_actions()
        assert "hand" in view.read and view.read <= set(view)


def test_a_view_of_another_seat_is_refused():
    match, events = positions("classic", "refuse", 1)[0]
    with pytest.raises(ValueError):
        choose(match.view((match.to_act + 1) % 4), events, "standard", random.Random(1))
    with pytest.raises(ValueError):
        choose(match.view(match.to_act), events, "grandmaster", random.Random(1))
