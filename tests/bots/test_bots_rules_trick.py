"""A Classic defender searches with the rest of the trick in progress played by the standard
rules (the others' cards as the table's conventions choose them, not as double dummy, which
sees every hand, would) and double dummy after it; the declaring side searches as before."""

import copy
import random
from collections.abc import Iterator
from dataclasses import dataclass

from games.bots import choose, dds, expert, rules_trick
from games.bots.arena import seeded_decks
from games.bots.table import Table, trick_winner
from games.engine import new_match
from games.engine.cards import CARD_INDEX
from games.engine.match import Match


@dataclass
class Position:
    table: Table  # the seat to play
    hands: list[int]  # the true deal's cards left
    rest: list[tuple[int, int]]  # this seat's card and the rest of the trick, as played
    dealt: list[int]  # the deal's hands
    leader: int  # the hand's first leader
    plays: list[int]  # the hand's cards to the end of this trick


def hands_of(match: Match) -> list[int]:
    return [sum(1 << CARD_INDEX[c] for c in match.view(s)["hand"]) for s in range(4)]


def standard_positions(decks: int) -> Iterator[Position]:
    """Each card-play decision in Classic hands the standard rules play at all four seats."""
    for k in range(decks):
        match = new_match("classic", dealer=k % 4, deals=1)
        history = match.deal(next(seeded_decks(11, k)))
        dealt = hands_of(match)
        pending: list[tuple[Table, list[int]]] = []
        while match.to_act is not None:
            seat = match.to_act
            view = match.view(seat)
            action = choose(view, history, "standard", random.Random(k))
            if match.phase == "playing":
                pending.append((Table.from_view(view, history), hands_of(match)))
            history += match.apply(seat, action)
            plays = [(e["seat"], CARD_INDEX[e["card"]]) for e in history if e["type"] == "play"]
            if plays and len(plays) % 4 == 0:
                for t, hands in pending:
                    yield Position(t, hands, plays[len(t.plays):], dealt, plays[0][0], [c for _, c in plays])
                pending = []


def test_the_rest_of_the_trick_is_what_standard_players_then_play():
    checked = 0
    for p in standard_positions(30):
        winner, left = rules_trick.finish_trick(p.table, p.hands, p.rest[0][1])
        # The seats after this one see only what is public, so on the true deal the rules'
        # cards are the ones the standard players chose.
        assert sum(1 << c for _, c in p.rest) == sum(p.hands) - sum(left)
        assert winner == trick_winner(p.table.trick + p.rest, p.table.trump)[0]
        checked += 1
    assert checked > 500


def test_a_card_scores_its_trick_and_the_double_dummy_tricks_after_it():
    """Against DDS's own replay of the hand (AnalysePlayBin), an independent count."""
    checked = 0
    for p in standard_positions(3):
        t = p.table
        future, _ = rules_trick.modelled_scores(t, p.hands, [p.rest[0][1]])[p.rest[0][1]]
        leaders_side = dds.analyse_play(p.dealt, t.trump, p.leader, p.plays)[-1]
        ours = leaders_side if (p.leader - t.seat) % 2 == 0 else 13 - leaders_side
        assert future == ours - t.tricks_taken[t.seat] - t.tricks_taken[t.partner]
        checked += 1
    assert checked > 50


def test_only_the_defenders_search_changes_and_not_when_fourth_to_play():
    same = {"declaring": 0, "fourth to play": 0}
    defending_differ = 0
    for p in standard_positions(6):
        t = p.table
        if t.hand.bit_count() > expert.SEARCH_FROM["classic"] or t.hand.bit_count() < 2:
            continue
        legal = expert.legal_cards(t)
        if len(legal) < 2:
            continue
        before = copy.deepcopy(t)
        scores = {}
        for rules in (True, False):
            expert.RULES_TRICK["classic"] = rules
            try:
                scores[rules] = expert.search_scores(t, legal, random.Random(3))
            finally:
                expert.RULES_TRICK["classic"] = True
            assert t == before  # the search plays the trick out on copies
        if t.declaring() or len(t.trick) == 3:  # fourth to play: no card is left to the rules
            assert scores[True] == scores[False]
            same["declaring" if t.declaring() else "fourth to play"] += 1
        else:
            defending_differ += scores[True] != scores[False]
    assert min(same.values()) > 10 and defending_differ > 20
