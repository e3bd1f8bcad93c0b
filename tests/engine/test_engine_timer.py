"""timeout_action(): the move the system makes when the turn timer runs out."""

import pytest

from games.engine import FULL_DECK, IllegalAction, Match, new_match
from games.engine.testing import deck_from_hands

PASS = {"type": "pass"}


def deck_giving(seat, cards, dealer):
    """A deck that deals ``cards`` (13) to ``seat`` and the rest to the others."""
    rest = [c for c in FULL_DECK if c not in cards]
    hands = [rest[13 * i : 13 * i + 13] for i in range(3)]
    hands.insert(seat, list(cards))
    return deck_from_hands(hands, dealer)


def playing(hand, trick, trump="S", variant="classic"):
    """A match in phase "playing" where seat 0 holds ``hand`` and ``trick`` was played
    by the seats before it (so the leader is seat -len(trick))."""
    m = new_match(variant, dealer=3)
    m.deal(FULL_DECK)
    d = m.to_dict()
    rest = [c for c in FULL_DECK if c not in hand and c not in trick]
    d.update(
        phase="playing",
        to_act=0,
        trump=trump,
        hands=[list(hand), rest[0:13], rest[13:26], rest[26:]],
        trick=list(trick),
        leader=(0 - len(trick)) % 4,
    )
    if variant == "classic":
        d.update(contract=[0, 7], high=7, high_seat=0, passed=0b1110)
    return Match.from_dict(d)


def test_classic_bidding_passes():
    m = new_match("classic", dealer=0)
    m.deal(FULL_DECK)
    assert m.timeout_action() == PASS
    m.apply(1, {"type": "bid", "value": 7})
    assert m.timeout_action() == PASS
    m.apply(2, PASS)
    m.apply(3, PASS)
    assert m.timeout_action() == PASS
    m.apply(0, m.timeout_action())
    assert m.phase == "trump" and m.to_act == 1


def test_classic_bids_7_for_the_last_player_when_three_passed_without_a_bid():
    m = new_match("classic", dealer=0)
    m.deal(FULL_DECK)
    for seat in (1, 2, 3):
        m.apply(seat, m.timeout_action())
    assert m.timeout_action() == {"type": "bid", "value": 7}
    m.apply(0, m.timeout_action())
    assert m.phase == "trump" and m.to_act == 0  # the timer never throws a hand in


def trump_timeout(cards):
    m = new_match("classic", dealer=3)
    m.deal(deck_giving(0, cards, dealer=3))
    m.apply(0, {"type": "bid", "value": 13})
    return m.timeout_action()


def test_classic_trump_is_the_suit_with_most_cards():
    cards = ["2H", "3H", "4H", "5H", "6H", "AS", "KS", "QS", "AD", "KD", "QD", "AC", "KC"]
    assert trump_timeout(cards) == {"type": "trump", "suit": "H"}


def test_classic_trump_ties_go_to_the_higher_cards():
    # Four hearts with the ace beat four spades headed by the king.
    cards = ["AH", "2H", "3H", "4H", "KS", "QS", "JS", "TS", "AD", "KD", "QD", "AC", "KC"]
    assert trump_timeout(cards) == {"type": "trump", "suit": "H"}
    # Same top card: the next one decides (hearts A Q.. vs spades A K..).
    cards = ["AH", "QH", "3H", "4H", "AS", "KS", "2S", "3S", "AD", "KD", "QD", "AC", "KC"]
    assert trump_timeout(cards) == {"type": "trump", "suit": "S"}


def test_classic_trump_ties_of_equal_cards_go_to_the_later_suit_in_cdhs():
    cards = ["AS", "KS", "QS", "JS", "AH", "KH", "QH", "JH", "AD", "KD", "QD", "AC", "KC"]
    assert trump_timeout(cards) == {"type": "trump", "suit": "S"}
    cards = ["AD", "KD", "QD", "JD", "AH", "KH", "QH", "JH", "AS", "KS", "QS", "AC", "KC"]
    assert trump_timeout(cards) == {"type": "trump", "suit": "H"}


def test_leading_plays_the_lowest_non_trump_with_suit_order_c_d_h_s_for_equal_ranks():
    m = playing(["2S", "3H", "3D", "5C", "AS"], [])
    assert m.timeout_action() == {"type": "play", "card": "3D"}  # 2S is trump: stronger


def test_following_plays_the_lowest_card_of_the_led_suit():
    m = playing(["9H", "4H", "2C", "2S"], ["KH"])
    assert m.timeout_action() == {"type": "play", "card": "4H"}


def test_a_void_player_discards_the_lowest_non_trump_rather_than_trumping():
    m = playing(["2S", "7D", "9H"], ["KC", "3C"])
    assert m.timeout_action() == {"type": "play", "card": "7D"}


def test_a_void_player_with_only_trumps_plays_the_lowest_trump():
    m = playing(["QS", "5S", "9S"], ["KC", "3C", "AC"])
    assert m.timeout_action() == {"type": "play", "card": "5S"}


def test_the_weakest_card_rule_is_the_same_in_forty_one():
    m = playing(["2D", "3H", "9C"], ["KC"], trump="D", variant="forty_one")
    assert m.timeout_action() == {"type": "play", "card": "9C"}
    m = playing(["2D", "3H", "4S"], ["KC"], trump="D", variant="forty_one")
    assert m.timeout_action() == {"type": "play", "card": "3H"}


@pytest.mark.parametrize(
    ("first_three", "fourth"),
    [((2, 2, 2), 5), ((2, 3, 2), 4), ((3, 3, 3), 2), ((5, 5, 5), 2), ((2, 2, 5), 2)],
)
def test_forty_one_bids_2_and_the_fourth_completes_the_total_to_11(first_three, fourth):
    m = new_match("forty_one", dealer=0)
    m.deal(FULL_DECK)
    for v in first_three:
        assert m.timeout_action() == {"type": "bid", "value": 2}
        m.apply(m.to_act, {"type": "bid", "value": v})
    assert m.timeout_action() == {"type": "bid", "value": fourth}
    m.apply(m.to_act, m.timeout_action())
    assert m.phase == "playing"


def test_forty_one_timer_alone_never_throws_a_hand_in():
    m = new_match("forty_one", dealer=0)
    m.deal(FULL_DECK)
    for _ in range(4):
        m.apply(m.to_act, m.timeout_action())
    assert m.view(None)["contract"] == [5, 2, 2, 2]
    assert m.phase == "playing"


@pytest.mark.parametrize("variant", ["classic", "forty_one"])
def test_a_whole_match_can_run_on_the_timer_alone(variant):
    m = new_match(variant, dealer=1)
    with pytest.raises(IllegalAction, match="Nobody"):
        m.timeout_action()
    hands = 0
    while m.phase != "finished":
        if m.phase == "deal":
            m.deal(FULL_DECK[hands % 52 :] + FULL_DECK[: hands % 52])
            hands += 1
        else:
            action = m.timeout_action()
            assert action in m.legal_actions()
            m.apply(m.to_act, action)
        assert hands < 200
    with pytest.raises(IllegalAction):
        m.timeout_action()
