from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.db import IntegrityError, transaction
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from accounts import budget, tasks
from accounts.deletion import shown_name
from accounts.forms import PasswordChangeForm, SignupForm
from accounts.models import LOOKALIKE_MESSAGE, User
from accounts.next import safe_next
from accounts.throttle import Attempt, address_key, refused, remember_device
from analysis.profile import analysis_figures
from events.profile import player_events
from history import listing, stats
from moderation.privacy import private_response
from playban import services as playban
from ratings.profile import profile_ratings
from tarneeb.addresses import request_client_address

RECENT_MATCHES = 10


@require_http_methods(["GET", "POST"])
@private_response
def signup(request: HttpRequest) -> HttpResponse:
    # An invite's room, say: the new player lands there, not in the lobby.
    next_page = safe_next(request)
    if request.user.is_authenticated:
        return redirect(next_page or "lobby")
    form = SignupForm(request.POST or None)
    address = address_key(request_client_address(request))
    buckets = [*budget.site(), budget.hashes_of(address), budget.signups_of(address)]
    if request.method == "POST":
        # A flood is refused before the form's checks (a few queries, the password rules):
        # its every request should cost the tables as little as possible.
        refusal = budget.peek(buckets)
        if refusal is not None:
            return refused(request, refusal)
    if request.method == "POST" and form.is_valid():
        # Taken only now, about to hash the password: a form with errors costs nothing.
        refusal = budget.take(buckets)
        if refusal is not None:
            return refused(request, refusal)
        # Hashed here, outside any transaction: on SQLite a transaction holds the database's
        # one writer, and every table's moves would wait out the hash.
        budget.lower_priority()
        user = form.save(commit=False)
        user.language = get_language()  # their mail's too, until they choose another
        try:
            with transaction.atomic():
                user.save()
                form.save_m2m()
        except IntegrityError:
            # A look-alike of this name signed up since the form checked (the unique key).
            form.add_error("username", LOOKALIKE_MESSAGE)
            return render(request, "accounts/signup.html", {"form": form, "next": next_page})
        login(request, user, backend=settings.AUTHENTICATION_BACKENDS[0])
        email = form.cleaned_data.get("email")
        if email:
            _ask_to_confirm(request, user, email)
        # The browser that made the account is the player's own: trusted from the start.
        response = redirect(next_page or "lobby")
        remember_device(request, response, user)
        return response
    return render(request, "accounts/signup.html", {"form": form, "next": next_page})


def _ask_to_confirm(request: HttpRequest, user: User, email: str) -> None:
    buckets = [budget.mail_from(address_key(request_client_address(request))), budget.confirmations_to(email)]
    if budget.take(buckets) is not None:
        # The network's cap or the address's (confirmations_to): the words fit either.
        messages.warning(request, _("Too many emails were asked for just now: give your address again on "
                                    "the settings page in a while."))
        return
    tasks.ask_to_confirm(request, user, email)
    messages.success(request, _("We sent a link to %(email)s: open it to confirm the address.")
                     % {"email": email})


@private_response
def profile(request: HttpRequest, username: str) -> HttpResponse:
    player = User.objects.filter(username=username, is_active=True).first()
    if player is None:
        # A deleted account's name is still linked from the matches it played: say so.
        deleted = User.objects.filter(username=username, deletion__isnull=False).exists()
        if deleted:
            return render(request, "accounts/deleted_profile.html", {"name": shown_name(username)},
                          status=404)
        raise Http404
    recent = [listing.row(seat) for seat in listing.seats_of(player, request.user)[:RECENT_MATCHES]]
    # Only the player reads their own abandonments.
    standing = playban.standing(player) if request.user == player else None
    return render(request, "accounts/profile.html", {
        "ratings": profile_ratings(player),
        "player": player, "recent": recent, "stats": stats.variant_stats(player, request.user),
        "standing": standing, "analysis_figures": analysis_figures(player, request.user),
        "events": player_events(player, request.user)})


class PasswordChangeView(auth_views.PasswordChangeView):
    """Django's, with the old password guessed like a login's: counted by the login
    throttle (accounts/throttle.py) and hashed within the budgets. Someone at a
    logged-in browser could otherwise try old passwords without end (40 in 0.9 s)."""

    form_class = PasswordChangeForm

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        attempt = Attempt.for_user(request, request.user if request.user.is_authenticated else None)
        refusal = attempt.begin()
        if refusal is not None:
            return refused(request, refusal)
        budget.lower_priority()
        form = self.get_form()
        response = self.form_valid(form) if form.is_valid() else self.form_invalid(form)
        if getattr(form, "old_password_right", False):
            attempt.succeeded()
        if form.is_valid():
            # The new password forgets this browser with the others (a device is bound to
            # the password): the browser that changed it stays trusted.
            remember_device(request, response, form.user)
        return response
