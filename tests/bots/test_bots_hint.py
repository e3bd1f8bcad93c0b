"""A learner's hint is the expert's own choice (same view, history and rng state), with a
reason that fits it: a bid of sure tricks says so, a searched card says how many deals."""

import random

from games.bots import choose
from games.bots.hint import hint
from tests.bots.blunders import POSITIONS
from tests.bots.positions import build

NAMES = ("classic-laydown-opens-thirteen", "t41-four-solid-trumps", "classic-yarborough-first",
         "ruff-partner-ace-fourth", "lead-into-void", "discard-master-41")


def test_the_hint_is_the_experts_move_with_its_reason():
    reasons = {}
    for spec in (s for s in POSITIONS if s.name in NAMES):
        view, events = build(spec)
        found = hint(view, events, random.Random(5))
        assert found.action == choose(view, events, "expert", random.Random(5)), spec.name
        reasons[spec.name] = found
    assert reasons["classic-laydown-opens-thirteen"].reason == "sure"
    assert reasons["classic-laydown-opens-thirteen"].tricks == 13
    assert reasons["t41-four-solid-trumps"].reason == "sure"
    assert reasons["classic-yarborough-first"].reason == "pass"
    searched = reasons["ruff-partner-ace-fourth"]
    assert searched.reason == "search" and searched.deals == 48 and searched.gain >= 0
