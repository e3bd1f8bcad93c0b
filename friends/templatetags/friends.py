from typing import Any

from django import template
from django.db.models import Exists, OuterRef

from accounts.models import User
from friends.models import Block, Follow

register = template.Library()


@register.inclusion_tag("friends/profile_actions.html", takes_context=True)
def friend_actions(context: dict[str, Any], player: Any) -> dict[str, Any]:
    """On a profile: Follow or Unfollow, Block or Unblock (someone else's, logged in)."""
    viewer = context["request"].user
    shown = viewer.is_authenticated and viewer.pk != player.pk and not player.is_bot
    # Both in one query: the profile's work is bounded (tests/test_profile_queries.py).
    following, blocking = (User.objects.filter(pk=player.pk).annotate(
        following=Exists(Follow.objects.filter(follower=viewer, followed=OuterRef("pk"))),
        blocking=Exists(Block.objects.filter(blocker=viewer, blocked=OuterRef("pk"))),
    ).values_list("following", "blocking").get() if shown else (False, False))
    return {
        "player": player, "shown": shown, "csrf_token": context.get("csrf_token"),
        "next": context["request"].get_full_path(),
        "following": following, "blocking": blocking,
    }


@register.inclusion_tag("friends/table.html", takes_context=True)
def table_friends(context: dict[str, Any], room: Any) -> dict[str, Any]:
    """At a table: whom the viewer follows and blocks (its seats' and chat's menus say
    Follow or Unfollow, Block or Unblock), and where they invite friends from."""
    viewer = context["request"].user
    if not viewer.is_authenticated:
        return {"shown": False}
    return {
        "shown": True, "room": room, "user": viewer, "csrf_token": context.get("csrf_token"),
        "following": list(
            Follow.objects.filter(follower=viewer).values_list("followed__username", flat=True)),
        "blocking": list(Block.objects.filter(blocker=viewer).values_list("blocked__username", flat=True)),
    }
