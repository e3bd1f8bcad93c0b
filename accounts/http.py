"""The request type of views that only a logged-in account reaches."""

from django.http import HttpRequest

from accounts.models import User


class AuthenticatedHttpRequest(HttpRequest):
    """A request past login_required, the admin's staff login or a moderator check: its
    user is an account, never AnonymousUser. Only a type: Django passes its own request."""

    user: User
