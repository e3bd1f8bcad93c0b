"""Property tests: thousands of random matches of both variants through the public API.

Each hypothesis example is a seed; a random.Random seeded with it deals the decks
and picks a random legal action at every turn.
"""

import json
import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import FULL_DECK, IllegalAction, Match, new_match

CARD = re.compile(r'"([2-9TJQKA][CDHS])"')
ALL = set(FULL_DECK)
SAME_COLOUR = {"H": "D", "D": "H", "S": "C", "C": "S"}

# Candidate actions for illegal attempts: every shape, legal somewhere or never.
CANDIDATES = (
    [{"type": "play", "card": c} for c in FULL_DECK]
    + [{"type": "bid", "value": v} for v in range(0, 16)]
    + [{"type": "trump", "suit": s} for s in "CDHSX"]
    + [
        {"type": "pass"},
        {"type": "bid", "value": True},
        {"type": "bid", "value": "8"},
        {"type": "play", "card": "ZZ"},
        {"type": "play"},
        {"type": "nap"},
        {},
        None,
        "pass",
        7,
    ]
)

seeds = st.integers(min_value=0, max_value=2**64 - 1)


def new_random_match(rng, variant):
    target = rng.choice((31, 41, 61)) if variant == "classic" else None
    return new_match(variant, dealer=rng.randrange(4), target=target)


def reference_points(variant, bids, tricks):
    """Each hand's points recomputed from docs/rules.md, independently of the engine."""
    if variant == "forty_one":
        return [b if t >= b else -b for b, t in zip(bids, tricks, strict=True)]
    seat, b = bids
    team = seat % 2
    took = tricks[team] + tricks[team + 2]
    if b < 13:
        gain, other = ((16 if took == 13 else took), 0) if took >= b else (-b, 13 - took)
    else:
        gain, other = (26, 0) if took == 13 else (-16, 2 * (13 - took))
    points = [0, 0]
    points[team], points[1 - team] = gain, other
    return points


def reference_winner(variant, target, scores):
    if variant == "classic":
        over = [t for t in (0, 1) if scores[t] >= target]
        return over[0] if len(over) == 1 else None
    ok = [
        t
        for t in (0, 1)
        if (scores[t] >= 41 and scores[t + 2] > 0) or (scores[t + 2] >= 41 and scores[t] > 0)
    ]
    if len(ok) == 2:
        t0, t1 = scores[0] + scores[2], scores[1] + scores[3]
        return None if t0 == t1 else int(t1 > t0)
    return ok[0] if ok else None


class Checker:
    """Plays one random match, checking the invariants after every step."""

    def __init__(self, variant, seed, *, thorough, near_the_end=False):
        self.rng = rng = random.Random(seed)
        self.variant = variant
        self.thorough = thorough
        self.m = new_random_match(rng, variant)
        self.modest = near_the_end
        if near_the_end:
            # Random play drifts scores down (failed bids cost more than they give), so
            # start from random scores close to the target for matches to end.
            d = self.m.to_dict()
            if variant == "classic":
                d["scores"] = [rng.randrange(-20, d["target"]) for _ in range(2)]
            else:
                d["scores"] = [rng.randrange(15, 41) for _ in range(4)]
            self.m = Match.from_dict(d)
        self.played = []  # cards played this hand, in order
        self.count = [0, 0, 0, 0]  # cards played this hand per seat
        self.exposed = None
        self.tricks_seen = 0
        self.hands_played = 0

    def run(self, max_hands=10_000):
        m, rng = self.m, self.rng
        while m.phase != "finished" and self.hands_played < max_hands:
            if m.phase == "deal":
                assert m.to_act is None and m.legal_actions() == []
                dealer, number = m.dealer, m.hand_number
                events = m.deal(rng.sample(FULL_DECK, 52))
                assert events[0] == {
                    "type": "dealt",
                    "dealer": dealer,
                    "hand_number": number + 1,
                    "exposed_card": events[0]["exposed_card"],
                }
                self.played, self.count, self.tricks_seen = [], [0, 0, 0, 0], 0
                self.exposed = events[0]["exposed_card"]
                if self.variant == "forty_one":
                    assert events[1] == {
                        "type": "trump",
                        "seat": None,
                        "suit": SAME_COLOUR[self.exposed[1]],
                    }
                self.check_state(events)
                continue
            legal = m.legal_actions()
            assert legal, "someone must act but has no legal action"
            assert m.timeout_action() in legal
            if self.thorough:
                self.try_illegal(legal)
            before = {"scores": m.scores, "dealer": m.dealer}
            seat = m.to_act
            action = rng.choice(self.options(legal))
            events = m.apply(seat, action)
            self.follow(before, seat, action, events)
            if self.thorough or m.to_act is None:
                self.check_state(events)
        return self

    def options(self, legal):
        # Tarneeb 41 with uniform random bids almost never ends (most bids fail);
        # "modest" play still picks a random legal action, but mostly bids 2 to 4.
        m = self.m
        if self.modest and self.variant == "forty_one" and m.phase == "bidding":
            return [a for a in legal if a["value"] <= 4] if self.rng.random() < 0.8 else legal
        return legal

    def try_illegal(self, legal):
        m, rng = self.m, self.rng
        seat = rng.choice((m.to_act, m.to_act, rng.randrange(4)))
        action = rng.choice(CANDIDATES)
        if seat == m.to_act and action in legal:
            return
        before = json.dumps(m.to_dict())
        with pytest.raises(IllegalAction):
            m.apply(seat, action)
        assert json.dumps(m.to_dict()) == before

    def follow(self, before, seat, action, events):
        m = self.m
        assert events and all(type(e) is dict for e in events)
        if action["type"] == "play":
            self.played.append(action["card"])
            self.count[seat] += 1
            assert events[0] == {"type": "play", "seat": seat, "card": action["card"]}
        for e in events:
            if e["type"] == "trick":
                self.tricks_seen += 1
                assert [c["card"] for c in e["cards"]] == self.played[-4:]
            elif e["type"] == "hand_scored":
                self.hands_played += 1
                assert self.tricks_seen == 13 and sum(e["tricks"]) == 13
                assert len(self.played) == 52 and set(self.played) == ALL
                bids = (
                    e["bids"]
                    if self.variant == "forty_one"
                    else (e["contract"]["seat"], e["contract"]["value"])
                )
                points = reference_points(self.variant, bids, e["tricks"])
                assert e["points"] == points
                assert e["scores"] == [a + b for a, b in zip(before["scores"], points, strict=True)]
                assert e["scores"] == m.scores
                winner = reference_winner(self.variant, m.target, m.scores)
                assert m.winner == winner
                if winner is None:
                    assert m.phase == "deal" and m.dealer == (before["dealer"] + 1) % 4
                else:
                    assert m.phase == "finished" and events[-1]["type"] == "match_won"
            elif e["type"] == "thrown_in":
                assert m.phase == "deal" and m.dealer == before["dealer"]
                assert m.scores == before["scores"]

    def check_state(self, events):
        m = self.m
        public = set(self.played) | ({self.exposed} if self.exposed else set())
        # Events go to everyone: only public cards in them.
        assert set(CARD.findall(json.dumps(events))) <= public
        seats = (None, 0, 1, 2, 3) if self.thorough else (None,)
        views = {s: m.view(s) for s in seats}
        spectator = views[None]
        live = m.phase not in ("deal", "finished")
        if live:
            assert spectator["cards_left"] == [13 - n for n in self.count]
            assert sum(spectator["tricks_taken"]) == len(self.played) // 4
            assert spectator["trick"] == [
                {"seat": (spectator["leader"] + k) % 4, "card": c}
                for k, c in enumerate(self.played[len(self.played) // 4 * 4 :])
            ]
        else:
            assert spectator["cards_left"] == [0, 0, 0, 0] and spectator["to_act"] is None
        if self.thorough:
            held = [views[s]["hand"] for s in range(4)]
            if live:
                # All 52 cards accounted for: in hands or played, never both.
                assert sum(map(len, held)) + len(self.played) == 52
                assert set().union(*held, self.played) == ALL
            for s, v in views.items():
                own = set(v["hand"])
                seen = set(CARD.findall(json.dumps(v)))
                assert seen <= own | public, f"seat {s} sees {seen - own - public}"
                assert v["hand"] == sorted(own, key=FULL_DECK.index)


VARIANTS = st.sampled_from(["classic", "forty_one"])


@settings(max_examples=150, deadline=None)
@given(seed=seeds, variant=VARIANTS)
def test_random_hands_keep_every_invariant_at_every_step(seed, variant):
    # Views of all seats, card accounting and an illegal attempt at every step.
    Checker(variant, seed, thorough=True).run(max_hands=3)


@settings(max_examples=2000, deadline=None)
@given(seed=seeds, variant=VARIANTS)
def test_random_matches_score_and_end_by_the_rules(seed, variant):
    # Up to 8 hands from random scores near the target, with the cheaper checks:
    # legal actions never empty, the timer move always legal, 13 tricks, 52 cards
    # played, every hand's points and the match winner recomputed from docs/rules.md.
    c = Checker(variant, seed, thorough=False, near_the_end=True).run(max_hands=8)
    assert c.m.phase == "finished" or c.hands_played == 8


def step(m, rng):
    if m.phase == "deal":
        return m.deal(rng.sample(FULL_DECK, 52))
    return m.apply(m.to_act, rng.choice(m.legal_actions()))


@settings(max_examples=200, deadline=None)
@given(seed=seeds, variant=VARIANTS, split=st.integers(min_value=0, max_value=250))
def test_a_json_round_trip_continues_identically(seed, variant, split):
    rng = random.Random(seed)
    m = new_random_match(rng, variant)
    for _ in range(split):
        if m.phase == "finished":
            break
        step(m, rng)
    copy = Match.from_dict(json.loads(json.dumps(m.to_dict())))
    assert type(copy) is type(m)
    r1, r2 = random.Random(), random.Random()
    r1.setstate(rng.getstate())
    r2.setstate(rng.getstate())
    for _ in range(120):
        assert copy.to_dict() == m.to_dict()
        for seat in (None, 0, 1, 2, 3):
            assert copy.view(seat) == m.view(seat)
        assert copy.legal_actions() == m.legal_actions()
        if m.phase == "finished":
            break
        if m.to_act is not None:
            assert copy.timeout_action() == m.timeout_action()
        assert step(copy, r2) == step(m, r1)
