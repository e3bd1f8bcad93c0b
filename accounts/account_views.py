"""The settings page (email, password, language, time zone, the table's options), the
email confirmation link, deleting an account and downloading one's data."""

from django.contrib import messages
from django.contrib.auth import logout
from django.contrib.auth.decorators import login_required
from django.core.handlers.asgi import ASGIRequest
from django.http import HttpRequest, HttpResponse, HttpResponseBase, JsonResponse, StreamingHttpResponse
from django.shortcuts import redirect, render
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from accounts import budget, emails, takeout, tasks
from accounts.deletion import delete_account
from accounts.forms import DeleteForm, EmailForm, PreferencesForm
from accounts.http import AuthenticatedHttpRequest
from accounts.models import User
from accounts.throttle import Attempt, address_key, refused
from games.services.refusals import Refused
from history.export import async_lines
from moderation.privacy import private_response
from tarneeb.addresses import request_client_address


def _page(request: AuthenticatedHttpRequest, preferences: PreferencesForm | None = None,
          email: EmailForm | None = None, status: int = 200) -> HttpResponse:
    user = request.user
    return render(request, "accounts/settings.html", {
        "preferences_form": preferences or PreferencesForm(instance=user),
        "email_form": email or EmailForm(initial={"email": user.pending_email or user.email}),
    }, status=status)


def _settings_budget(request: AuthenticatedHttpRequest) -> budget.Refusal | None:
    return budget.take([budget.settings_of(request.user.pk)])


@require_http_methods(["GET", "POST"])
@private_response
@login_required
def settings_page(request: AuthenticatedHttpRequest) -> HttpResponse:
    user = request.user
    if request.method == "GET":
        return _page(request)
    if "email" in request.POST:
        form = EmailForm(request.POST)
        if not form.is_valid():
            return _page(request, email=form, status=400)
        address = form.cleaned_data["email"]
        if address.lower() == user.email.lower():
            user.pending_email = ""
            user.save(update_fields=["pending_email"])
            return redirect("settings")
        refusal = budget.take([budget.mail_from(address_key(request_client_address(request))),
                               budget.mail_to(user.pk), budget.confirmations_to(address)])
        if refusal is not None:
            return refused(request, refusal)
        tasks.ask_to_confirm(request, user, address)
        messages.success(request, _("We sent a link to %(email)s: open it to confirm the address.")
                         % {"email": address})
        return redirect("settings")
    refusal = _settings_budget(request)
    if refusal is not None:
        return refused(request, refusal)
    preferences = PreferencesForm(request.POST, instance=user)
    if not preferences.is_valid():
        return _page(request, preferences=preferences, status=400)
    preferences.save()
    response = redirect("settings")
    if user.language:
        # The page after saving is already in the new language, and so is the cookie.
        translation.activate(user.language)
        response.set_cookie("django_language", user.language, samesite="Lax")
    messages.success(request, _("Your settings are saved."))
    return response


@require_POST
@login_required
def table_preferences(request: AuthenticatedHttpRequest) -> JsonResponse:
    """The table's sound switch, kept in the player's settings (static/js/preferences.js)."""
    if request.POST.get("sound") not in ("on", "off"):
        return JsonResponse({"error": _("Say sound=on or sound=off.")}, status=400)
    refusal = _settings_budget(request)
    if refusal is not None:
        return JsonResponse({"error": _("Too many changes: try again in a while.")}, status=429)
    User.objects.filter(pk=request.user.pk).update(sound=request.POST["sound"] == "on")
    return JsonResponse({"sound": request.POST["sound"]})


@require_http_methods(["GET", "POST"])
@private_response
def confirm_email(request: HttpRequest, token: str) -> HttpResponse:
    """GET shows the address and a button; the POST confirms it (a mail program that
    opens links to look at them confirms nothing)."""
    found = emails.waiting(token)
    if found is None:
        return render(request, "accounts/confirm_email.html", {"bad": True}, status=400)
    user, address = found
    if request.method == "POST":
        if not emails.confirm(user, address):
            return render(request, "accounts/confirm_email.html", {"taken": True, "email": address},
                          status=409)
        return render(request, "accounts/confirm_email.html", {"done": True, "email": address})
    return render(request, "accounts/confirm_email.html", {"email": address, "account": user.username})


@require_http_methods(["GET", "POST"])
@private_response
@login_required
def delete(request: AuthenticatedHttpRequest) -> HttpResponse:
    form = DeleteForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        # The password is guessed as a login's is: same throttle, same budgets.
        attempt = Attempt.for_user(request, request.user)
        refusal = attempt.begin()
        if refusal is not None:
            return refused(request, refusal)
        budget.lower_priority()
        if not request.user.check_password(form.cleaned_data["password"]):
            form.add_error("password", _("That is not your password."))
        else:
            attempt.succeeded()
            try:
                name = delete_account(request.user)
            except Refused as refusal_:
                form.add_error(None, refusal_.message)
            else:
                logout(request)
                return render(request, "accounts/deleted.html", {"name": name})
    return render(request, "accounts/delete.html", {"form": form}, status=400 if form.errors else 200)


@require_POST
@private_response
@login_required
def download(request: AuthenticatedHttpRequest) -> HttpResponseBase:
    refusal = budget.take([budget.downloads_of(request.user.pk)])
    if refusal is not None:
        return refused(request, refusal)
    pieces = takeout.archive(request.user)
    # Under ASGI a synchronous iterator would be read whole before anything is sent.
    response = StreamingHttpResponse(async_lines(pieces) if isinstance(request, ASGIRequest) else pieces,
                                     content_type="application/zip")
    response["Content-Disposition"] = f'attachment; filename="tarneeb-{request.user.pk}-data.zip"'
    return response
