"""The rest of a trick by the standard rules: the expert's search for a Classic defender
(games.bots.expert, ``RULES_TRICK``) plays out the trick in progress after each of its cards
with the cards the table's conventions choose, each later seat seeing only what is public,
and solves double dummy only from the next trick on (docs/bots.md, Expert)."""

from __future__ import annotations

import dataclasses

from . import dds, standard
from .table import SUIT_OF, Table, trick_winner


def finish_trick(t: Table, hands: list[int], card: int) -> tuple[int, list[int]]:
    """The trick in progress finished by the standard rules on the sampled ``hands`` after this
    seat plays ``card``: (the seat that wins it, the hands left)."""
    hands = list(hands)
    view = dataclasses.replace(t, trick=list(t.trick), played_by=list(t.played_by), voids=list(t.voids),
                               cards_left=list(t.cards_left), plays=list(t.plays))
    who = t.seat
    while True:
        if view.trick and SUIT_OF[card] != SUIT_OF[view.trick[0][1]]:
            view.voids[who] |= 1 << SUIT_OF[view.trick[0][1]]
        view.trick.append((who, card))
        view.played |= 1 << card
        view.played_by[who] |= 1 << card
        view.cards_left[who] -= 1
        view.plays.append((who, card))
        hands[who] &= ~(1 << card)
        if len(view.trick) == 4:
            return trick_winner(view.trick, t.trump)[0], hands
        who = (who + 1) & 3
        view.seat, view.hand = who, hands[who]
        card = standard.play(view)


def modelled_scores(t: Table, hands: list[int], legal: list[int]) -> dict[int, tuple[int, int]]:
    """Per legal card: (this side's tricks still to come, the seat that wins the trick in
    progress), when the rest of that trick goes by the standard rules and everything after
    it double dummy."""
    scores = {}
    for card in legal:
        winner, left = finish_trick(t, hands, card)
        ours = int((winner - t.seat) % 2 == 0)
        later = 0
        if left[t.seat]:
            winners = dds.leader_tricks(left, t.trump, winner, dds.BOTS_SLOT)
            later = winners if ours else left[t.seat].bit_count() - winners
        scores[card] = (ours + later, winner)
    return scores
