"""Who moderates: members of the `moderators` group, which holds `moderation.moderate`
(superusers have every permission). Moderators need not be staff."""

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib.auth.models import Group, Permission
from django.contrib.auth.views import redirect_to_login
from django.contrib.contenttypes.models import ContentType
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.translation import gettext as _
from django.views.defaults import permission_denied

from moderation.models import MODERATE, MODERATORS_GROUP, Report
from moderation.privacy import private_response

View = Callable[..., HttpResponse]


def is_moderator(user: Any) -> bool:
    if user is None or not user.is_authenticated:
        return False
    # Loaded with the user by moderation.backends: no permission queries on every page.
    role = getattr(user, "moderation_role", None)
    if role is not None:
        return user.is_active and (user.is_superuser or role)
    return bool(user.has_perm(MODERATE))


def moderators_group() -> Group:
    """The group, with its permission: made by a migration, made again if it went (a
    test database flushed between tests loses data migrations' rows)."""
    group, _created = Group.objects.get_or_create(name=MODERATORS_GROUP)
    content_type = ContentType.objects.get_for_model(Report)
    permission, _created = Permission.objects.get_or_create(
        content_type=content_type, codename=MODERATE.split(".")[1],
        defaults={"name": "Can moderate: reports, sanctions and tables"})
    group.permissions.add(permission)
    return group


def moderator_page(view: View) -> View:
    """A moderation page, never cached: logged out, to the login form; a player, 403."""

    @wraps(view)
    @private_response
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        if not is_moderator(request.user):
            # Answered, not raised: Django logs a raised PermissionDenied with its whole
            # traceback, and a player at /moderation/ is no error; this logs one line.
            return permission_denied(request, PermissionDenied())
        return view(request, *args, **kwargs)

    return wrapper


def refusal(code: str, message: str, status: int = 400) -> JsonResponse:
    return JsonResponse({"error": code, "message": message}, status=status)


def moderator_endpoint(view: View) -> View:
    """A moderation POST endpoint, never cached: anyone else gets 403 with a JSON error."""

    @wraps(view)
    @private_response
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not request.user.is_authenticated:
            return refusal("login_required", _("Log in as a moderator."), 403)
        if not is_moderator(request.user):
            return refusal("forbidden", _("Only moderators can do this."), 403)
        return view(request, *args, **kwargs)

    return wrapper
