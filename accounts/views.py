from django.conf import settings
from django.contrib.auth import login
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_http_methods

from accounts.forms import SignupForm
from accounts.models import User
from accounts.throttle import remember_device
from history import listing, stats
from moderation.privacy import private_response
from playban import services as playban
from ratings.profile import profile_ratings

RECENT_MATCHES = 10


@require_http_methods(["GET", "POST"])
@private_response
def signup(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect("lobby")
    form = SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend=settings.AUTHENTICATION_BACKENDS[0])
        # The browser that made the account is the player's own: trusted from the start.
        response = redirect("lobby")
        remember_device(request, response, user)
        return response
    return render(request, "accounts/signup.html", {"form": form})


@private_response
def profile(request: HttpRequest, username: str) -> HttpResponse:
    player = get_object_or_404(User, username=username, is_active=True)
    recent = [listing.row(seat) for seat in listing.seats_of(player, request.user)[:RECENT_MATCHES]]
    # Only the player reads their own abandonments.
    standing = playban.standing(player) if request.user == player else None
    return render(request, "accounts/profile.html", {
        "ratings": profile_ratings(player),
        "player": player, "recent": recent, "stats": stats.variant_stats(player, request.user),
        "standing": standing})
