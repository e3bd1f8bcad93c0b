"""One finished hand reviewed double dummy: the analysis app's computing part, pure Python.

`analyse` replays a hand through the engine from its deck and its moves, then asks DDS
(games.bots.dds) what every card was worth: the deal's double-dummy table, each card's
tricks before and after it and the best cards at that point, and, by variant, the
contract and the bids against what the cards could take. No Django here: the app's task
reads the hand from the match's log and stores what this returns (docs/records.md,
*Hand analysis*, describes it; docs/analysis.schema.json is its schema).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games import engine
from games.bots import dds
from games.engine.cards import (
    CARD_INDEX,
    FULL_DECK,
    SUIT_INDEX,
    SUITS,
    legal_play_mask,
    mask_of,
    trick_winner,
)

# Raised whenever what `analyse` returns changes: a stored analysis of an older version
# is computed again (the task, `manage.py analyse_matches`).
VERSION = 1

CLASSIC_MIN_BID, CLASSIC_MAX_BID = 7, 13

Move = tuple[int | None, Mapping[str, Any]]


class HandNotOver(ValueError):
    """The moves do not finish the hand (it was cut short, or is still being played)."""


def analyse(variant: str, deck: Sequence[str], dealer: int, moves: Sequence[Move]) -> dict[str, Any]:
    """The analysis of the hand `deck` deals with `dealer` dealing, played by `moves`
    ((seat, action) pairs, the auction's and the cards', in order, up to the move that
    ends the hand)."""
    game = engine.new_match(variant, dealer=dealer)
    dealt = game.deal(list(deck))
    hands = [mask_of(game.view(seat)["hand"]) for seat in range(4)]
    events: list[Mapping[str, Any]] = list(dealt)
    over: Mapping[str, Any] | None = None
    for seat, action in moves:
        if over is not None:
            raise ValueError("moves after the end of the hand")
        for event in game.apply(seat, dict(action)):
            events.append(event)
            if engine.ends_hand(event):
                over = event
    if over is None:
        raise HandNotOver("the moves do not finish the hand")
    trump = next((SUIT_INDEX[e["suit"]] for e in events if e["type"] == "trump"), None)
    plays = [(e["seat"], CARD_INDEX[e["card"]]) for e in events if e["type"] == "play"]
    # Who leads: Classic's auction winner, Tarneeb 41's first bidder; a thrown-in hand is
    # tabled as if the seat to the dealer's right (who bids first) led.
    leader = plays[0][0] if plays else (dealer + 1) % 4
    leaders = [(leader + k) % 4 for k in (1, 2, 3, 0)] if variant == "classic" else [leader]
    # The hand's own trump last: its solves leave DDS's memory warm for the play's.
    trumps = sorted(range(4), key=lambda suit: suit == trump)
    tricks = dds.table(hands, leaders, trumps)
    out: dict[str, Any] = {
        "version": VERSION,
        "variant": variant,
        "dealer": dealer,
        "thrown_in": over["thrown_in"],
        "trump": None if trump is None else SUITS[trump],
        "table": {"leader": leader,
                  "tricks": {SUITS[suit]: _teams(tricks[suit, leader], leader) for suit in range(4)}},
        "cards": [] if trump is None or not plays else _cards(hands, trump, leader, plays),
    }
    out["seats"] = _seats(out["cards"])
    if variant == "classic":
        out["classic"] = _classic(events, over, tricks)
    else:
        out["forty_one"] = _forty_one(over, tricks, trump, leader)
    out["points"] = None if over["thrown_in"] else {
        "actual": list(over["points"]),
        "double_dummy": (out["classic"]["contract"]["double_dummy_points"] if variant == "classic"
                         else [bid["double_dummy_points"] for bid in out["forty_one"]["bids"]]),
    }
    return out


def _teams(leader_side: int, leader: int) -> list[int]:
    """The leader's side's tricks as [team 0's, team 1's]."""
    return [leader_side, 13 - leader_side] if leader % 2 == 0 else [13 - leader_side, leader_side]


def _cards(hands: list[int], trump: int, leader: int,
           plays: Sequence[tuple[int, int]]) -> list[dict[str, Any]]:
    """Every card played: its team's double-dummy tricks before and after it, its cost and
    the best cards there were."""
    line = dds.analyse_play(hands, trump, leader, [card for _, card in plays])
    left = list(hands)
    won = [0, 0]
    trick: list[int] = []
    lead = leader
    out = []
    for k, (seat, card) in enumerate(plays):
        team = seat % 2
        before, after = (line[k], line[k + 1]) if team == leader % 2 else (13 - line[k], 13 - line[k + 1])
        legal = legal_play_mask(left[seat], trick[0] // 13 if trick else None)
        if legal.bit_count() == 1:
            best = [card]
        else:
            # The side to move takes `before` less what it has won already: the target that
            # DDS then checks card by card.
            best = dds.best_cards(left, trump, lead, trick, before - won[team])
        out.append({"trick": k // 4 + 1, "seat": seat, "card": FULL_DECK[card],
                    "before": before, "after": after, "cost": before - after,
                    "best": [FULL_DECK[c] for c in best]})
        left[seat] ^= 1 << card
        trick.append(card)
        if len(trick) == 4:
            lead = (lead + trick_winner(trick, trump)) % 4
            won[lead % 2] += 1
            trick = []
    return out


def _seats(cards: Sequence[Mapping[str, Any]]) -> list[dict[str, int]]:
    """Per seat: cards played, those that cost tricks, and the tricks they cost."""
    out = [{"cards": 0, "costly": 0, "lost": 0} for _ in range(4)]
    for card in cards:
        figures = out[card["seat"]]
        figures["cards"] += 1
        figures["costly"] += card["cost"] > 0
        figures["lost"] += card["cost"]
    return out


def classic_points(bid: int, took: int, team: int) -> list[int]:
    """Classic's scoring (RULES.md): [team 0's, team 1's] points when `team` bid `bid` and
    took `took` tricks."""
    if bid < CLASSIC_MAX_BID:
        gain, other = ((16 if took == 13 else took), 0) if took >= bid else (-bid, 13 - took)
    else:
        gain, other = (26, 0) if took == 13 else (-16, 2 * (13 - took))
    return [gain, other] if team == 0 else [other, gain]


def _classic(events: Sequence[Mapping[str, Any]], over: Mapping[str, Any],
             tricks: Mapping[tuple[int, int], int]) -> dict[str, Any]:
    # What a seat's side makes when that seat declares (and so leads) with its best trump.
    makes = [max(tricks[suit, seat] for suit in range(4)) for seat in range(4)]
    calls = []
    high, high_seat = 0, None
    for event in events:
        if event["type"] not in ("bid", "pass"):
            continue
        seat = event["seat"]
        call: dict[str, Any] = {"seat": seat, "bid": event.get("value"), "makes": makes[seat],
                                "verdict": None}
        if event["type"] == "bid":
            if event["value"] > makes[seat]:
                call["verdict"] = "overreached"
            high, high_seat = event["value"], seat
        elif (high_seat is None or high_seat % 2 != seat % 2) \
                and makes[seat] >= max(CLASSIC_MIN_BID, high + 1):
            # The other side held the contract (or nobody did) and this side could have
            # bid over it and made it.
            call["verdict"] = "stopped_short"
        calls.append(call)
    par = []
    for team in (0, 1):
        best = max(tricks[suit, seat] for suit in range(4) for seat in (team, team + 2))
        par.append({"team": team, "tricks": best, "contract": best if best >= CLASSIC_MIN_BID else None,
                    "declarers": [{"seat": seat, "trump": SUITS[suit]} for seat in (team, team + 2)
                                  for suit in range(4) if tricks[suit, seat] == best]})
    out: dict[str, Any] = {"calls": calls, "par": par, "contract": None, "trump_choice": None}
    if over["thrown_in"]:
        return out
    contract = over["contract"]
    declarer, bid, chosen = contract["seat"], contract["value"], SUIT_INDEX[contract["trump"]]
    made = tricks[chosen, declarer]  # the declarer leads
    out["contract"] = {"seat": declarer, "bid": bid, "trump": contract["trump"], "double_dummy": made,
                       "result": made - bid, "double_dummy_points": classic_points(bid, made, declarer % 2)}
    by_trump = {SUITS[suit]: tricks[suit, declarer] for suit in range(4)}
    out["trump_choice"] = {"seat": declarer, "chosen": contract["trump"], "tricks": by_trump,
                           "best": [suit for suit, n in by_trump.items() if n == max(by_trump.values())]}
    return out


def _forty_one(over: Mapping[str, Any], tricks: Mapping[tuple[int, int], int], trump: int | None,
               leader: int) -> dict[str, Any]:
    assert trump is not None  # the exposed card sets it at the deal
    team_dd = _teams(tricks[trump, leader], leader)
    if over["thrown_in"]:
        bids = {bid["seat"]: bid["value"] for bid in over["bids"]}
        return {"bids": [{"seat": seat, "bid": bids[seat], "tricks": None, "team_tricks": None,
                          "team_double_dummy": team_dd[seat % 2], "double_dummy_points": None}
                         for seat in range(4)]}
    points = [0] * 4
    for team in (0, 1):
        points[team], points[team + 2] = _best_split(over["bids"][team], over["bids"][team + 2],
                                                     team_dd[team])
    return {"bids": [{"seat": seat, "bid": over["bids"][seat], "tricks": over["tricks"][seat],
                      "team_tricks": over["team_tricks"][seat % 2], "team_double_dummy": team_dd[seat % 2],
                      "double_dummy_points": points[seat]} for seat in range(4)]}


def _best_split(bid: int, partner_bid: int, team_tricks: int) -> tuple[int, int]:
    """Tarneeb 41's points of two partners whose team takes `team_tricks`, shared between
    them as best suits their bids (who takes which trick is not double dummy's to say)."""

    def points(bid: int, took: int) -> int:
        return bid if took >= bid else -bid

    # The first split of most points, counting from the one partner taking them all.
    splits = [(points(bid, took), points(partner_bid, team_tricks - took))
              for took in range(team_tricks, -1, -1)]
    return max(splits, key=sum)
