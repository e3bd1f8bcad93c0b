"""A learner's hint at a casual table (docs/bots.md, "Hints"): what the expert would do
for the asking player's own seat, on their turn, and why, in one line.

Only at tables with a bot account seated, which are never rated (ratings.rate.is_rated):
a hint there helps nobody's rating. `ask` checks who asks and where, with the table's
rows (the database thread); `answer` runs the expert on that seat's view off it, since
it costs up to 0.2 s of CPU, and words its reason in the player's language. Hints are
rate limited per player (HINT_BURST, then HINTS_PER_MINUTE) in the database, so the budget
holds across every server process (accounts.budget).
"""

import random
import secrets
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from accounts import budget
from games import bot_players
from games.bots import hint as bot_hint
from games.engine.events import Event
from games.engine.views import View
from games.models import Match, Seat
from games.services.refusals import Refused, require_login


@dataclass(frozen=True)
class Asked:
    """A hint to work out: the seat's view and the hand's public events at version `v`."""

    v: int
    view: View
    history: list[Event]


def ask(room_id: str, user: Any) -> Asked:
    """Check that `user` may have a hint now; raise Refused otherwise."""
    user = require_login(user)
    seat = (Seat.objects.filter(room_id=room_id, user=user, bot=False)
            .values_list("number", flat=True).first())
    match = Match.objects.filter(room_id=room_id, status=Match.Status.PLAYING).first()
    if seat is None or match is None:
        raise Refused("hint_not_seated", _("Hints are for a player seated at a match being played."))
    if not any(sitter.get("bot") for sitter in match.seating):
        raise Refused("hint_rated", _("Hints are only given at casual tables, those with a bot seated."))
    game = match.game
    if game.to_act != seat or game.phase in ("deal", "finished"):
        raise Refused("hint_not_your_turn", _("A hint is for your own turn."))
    if budget.take([budget.hints_of(user.pk)]) is not None:
        raise Refused("hints_too_fast", ngettext(
            "Hints cost the server time: %(n)d a minute at most.",
            "Hints cost the server time: %(n)d a minute at most.",
            round(settings.HINTS_PER_MINUTE)) % {"n": round(settings.HINTS_PER_MINUTE)})
    return Asked(v=match.version, view=game.view(seat), history=bot_players.hand_history(match))


def answer(asked: Asked, language: str) -> dict[str, Any]:
    """The `hint` message for the asking socket: the expert's action and why, in a line."""
    found = bot_hint.hint(asked.view, asked.history, random.Random(secrets.randbits(64)))
    with translation.override(language):
        return {"type": "hint", "v": asked.v, "action": found.action, "text": reason_text(found)}


def reason_text(found: bot_hint.Hint) -> str:
    n = found.tricks
    if found.reason == "only":
        return _("It is your only legal card.")
    if found.reason == "search":
        return ngettext(
            "Over %(deals)d deal consistent with what you have seen, it scores best "
            "(%(gain)s points a deal ahead of the next card).",
            "Over %(deals)d deals consistent with what you have seen, it scores best "
            "(%(gain)s points a deal ahead of the next card).",
            found.deals) % {"deals": found.deals, "gain": f"{found.gain:.1f}"}
    if found.reason == "rules":
        return _("Early in the hand the expert plays by the table rules: second hand low, third hand "
                 "high, win cheaply, leave partner's won trick, keep masters and guards.")
    if found.reason == "sure":
        return ngettext("Your hand takes %(n)d trick for certain, whoever holds the rest.",
                        "Your hand takes %(n)d tricks for certain, whoever holds the rest.", n) % {"n": n}
    if found.reason == "estimate":
        return ngettext("Your hand is worth about %(n)d trick.",
                        "Your hand is worth about %(n)d tricks.", n) % {"n": n}
    if found.reason == "eleven":
        return _("Bids under 11 in all would throw the hand in: this brings them to 11.")
    if found.reason == "pass":
        return ngettext("Your side is worth about %(n)d trick: too few to outbid.",
                        "Your side is worth about %(n)d tricks: too few to outbid.", n) % {"n": n}
    return _("The suit in which your hand takes the most tricks.")

