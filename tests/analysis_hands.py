"""Hands for the analysis tests, played with the engine alone: scripted deals, and random
deals bid by the standard bot; and an independent double-dummy review of a hand, card by
card with games.bots.dds.solve, to hold analysis.deal to."""

import random
from collections.abc import Callable, Sequence
from typing import Any

from games import bots, engine
from games.bots import dds
from games.engine.cards import CARD_INDEX, FULL_DECK, SUIT_INDEX, mask_of, trick_winner
from games.engine.testing import deck_from_hands

Moves = list[tuple[int | None, dict[str, Any]]]
# Chooses a card for the seat to act: (game, legal actions) -> action.
Policy = Callable[[engine.Match, list[dict[str, Any]]], dict[str, Any]]


def weakest(game: engine.Match, legal: list[dict[str, Any]]) -> dict[str, Any]:
    return game.timeout_action()


def play_out(variant: str, deck: Sequence[str], dealer: int, auction: Sequence[dict[str, Any]],
             cards: Sequence[str] = (), policy: Policy = weakest) -> Moves:
    """The moves of one hand: `auction` (Classic's ends with naming trump), then `cards`,
    then `policy`'s cards to the end."""
    game = engine.new_match(variant, dealer=dealer)
    game.deal(list(deck))
    moves: Moves = []
    script = [*auction, *({"type": "play", "card": card} for card in cards)]
    while game.to_act is not None:
        seat = game.to_act
        action = script.pop(0) if script else policy(game, game.legal_actions())
        moves.append((seat, action))
        game.apply(seat, action)
    assert not script, "the hand ended before the script did"
    return moves


def bid_by_bots(variant: str, rng: random.Random, policy: Policy = weakest) -> tuple[list[str], int, Moves]:
    """A random deal the standard bot bids (dealt again until it is not thrown in), played
    by `policy`."""
    while True:
        deck = engine.full_deck()
        rng.shuffle(deck)
        dealer = rng.randrange(4)
        game = engine.new_match(variant, dealer=dealer)
        history: list[Any] = game.deal(deck)
        moves: Moves = []
        while game.to_act is not None:
            seat = game.to_act
            if game.phase == "playing":
                action = policy(game, game.legal_actions())
            else:
                action = bots.choose(game.view(seat), history, "standard", rng)
            moves.append((seat, action))
            history += game.apply(seat, action)
        if not next(filter(engine.ends_hand, reversed(history)))["thrown_in"]:
            return deck, dealer, moves


def best_card(game: engine.Match, legal: list[dict[str, Any]]) -> dict[str, Any]:
    """A card of best double-dummy value (DDS's solve on the whole position), the first such."""
    left = [mask_of(game.view(seat)["hand"]) for seat in range(4)]
    view = game.view(None)
    trick = [CARD_INDEX[play["card"]] for play in view["trick"]]
    scores = dds.solve(left, SUIT_INDEX[view["trump"]], view["leader"], trick)
    top = max(scores.values())
    return next(action for action in legal if scores[CARD_INDEX[action["card"]]] == top)


def independent_review(variant: str, deck: Sequence[str], dealer: int, moves: Moves) -> dict[str, Any]:
    """The trump, the opening leader, and each card's (seat, card, before, after, best) from
    dds.solve at every position, counted for the player's team over the whole hand."""
    game = engine.new_match(variant, dealer=dealer)
    events: list[Any] = game.deal(list(deck))
    hands = [mask_of(game.view(seat)["hand"]) for seat in range(4)]
    for seat, action in moves:
        events += game.apply(seat, action)
    trump = SUIT_INDEX[next(e["suit"] for e in events if e["type"] == "trump")]
    plays = [(e["seat"], CARD_INDEX[e["card"]]) for e in events if e["type"] == "play"]
    leader = plays[0][0]
    left, won, trick, lead = list(hands), [0, 0], [], leader
    values: list[tuple[int, list[int]]] = []  # before each card: the mover's team total, its best cards
    for seat, card in plays:
        scores = dds.solve(left, trump, lead, trick)
        top = max(scores.values())
        values.append((won[seat % 2] + top, sorted(c for c, s in scores.items() if s == top)))
        left[seat] ^= 1 << card
        trick.append(card)
        if len(trick) == 4:
            lead = (lead + trick_winner(trick, trump)) % 4
            won[lead % 2] += 1
            trick = []
    cards = []
    for k, (seat, card) in enumerate(plays):
        before, best = values[k]
        if k + 1 < len(plays):
            # The next mover's value, for this player's team.
            next_seat = plays[k + 1][0]
            after = values[k + 1][0] if next_seat % 2 == seat % 2 else 13 - values[k + 1][0]
        else:
            after = won[seat % 2]
        cards.append({"seat": seat, "card": FULL_DECK[card], "before": before, "after": after,
                      "best": [FULL_DECK[c] for c in best]})
    return {"trump": trump, "leader": leader, "hands": hands, "cards": cards}


def hands_deck(hands: Sequence[str], dealer: int) -> list[str]:
    """The deck that deals each seat the space-separated cards of `hands[seat]`."""
    return deck_from_hands([hand.split() for hand in hands], dealer)
