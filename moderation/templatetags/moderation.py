from typing import Any

from django import template

from moderation.addresses import shared_with
from moderation.models import Report, Sanction
from moderation.roles import is_moderator

register = template.Library()


@register.inclusion_tag("moderation/player_record.html", takes_context=True)
def player_record(context: dict[str, Any], player: Any) -> dict[str, Any]:
    """On a profile: the player's own warnings and sanctions (to them and moderators), the
    reports about them (moderators only), and a Report link (everyone else logged in)."""
    viewer = context["request"].user
    own, moderator = viewer.is_authenticated and viewer.pk == player.pk, is_moderator(viewer)
    return {
        "player": player, "own": own, "moderator": moderator,
        "can_report": viewer.is_authenticated and not own,
        "sanctions": list(Sanction.objects.filter(user=player)[:50]) if own or moderator else [],
        "reports": (list(Report.objects.filter(reported=player).select_related("reporter")
                         .order_by("-created_at")[:20]) if moderator else []),
        "shared": shared_with(player) if moderator else [],
    }


@register.inclusion_tag("moderation/table.html", takes_context=True)
def table_moderation(context: dict[str, Any], room: Any) -> dict[str, Any]:
    """The table's report dialog (logged-in players) and moderator's dialog and room tools."""
    from moderation.forms import MUTE_MINUTES, SUSPEND_DAYS

    request = context["request"]
    return {"room": room, "user": request.user, "moderator": is_moderator(request.user),
            "csrf_token": context.get("csrf_token"), "reasons": Report.Reason.choices,
            "minutes": MUTE_MINUTES, "days": SUSPEND_DAYS}
