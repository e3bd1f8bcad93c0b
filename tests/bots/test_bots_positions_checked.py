"""Every card-play position of the blunder suite checked double-dummy: over layouts of the
unseen cards consistent with the seat's view, scored as the hand scores, the move the suite
avoids never beats the best other legal card (tests/bots/doubledummy.py)."""

import pytest

from tests.bots.blunders import POSITIONS
from tests.bots.doubledummy import blunders_that_pay, card_means
from tests.bots.positions import Spec

LAYOUTS = 300  # 150 left one position (lead-into-void-1) to sampling luck
PLAY = [pytest.param(spec, id=spec.name) for spec in POSITIONS if spec.phase == "playing"]


@pytest.mark.parametrize("spec", PLAY)
def test_avoided_move_does_not_pay(spec):
    assert blunders_that_pay(spec, LAYOUTS) == [], f"{spec.name}: {card_means(spec, LAYOUTS)}"


def test_the_check_finds_a_move_that_pays():
    # Ruffing partner's won ace wastes a trump: calling the small diamond the blunder is wrong.
    wrong = next(s for s in POSITIONS if s.name == "ruff-partner-ace-fourth")
    assert blunders_that_pay(Spec(**{**wrong.__dict__, "avoid": ("5C",)}), LAYOUTS) == ["5C"]
