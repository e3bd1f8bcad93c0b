"""Django's password reset views, with the answer the same whether or not an account has
the address: the page neither looks the address up nor sends anything itself. It takes
the mail budgets (its client address's, and the address asked for's, both counted for
addresses that are nobody's too) and asks the worker to mail whichever accounts have it
(accounts/mail.py), which caps the mail each account gets. Same work, same queries, same
page, for an address that is someone's and one that is not."""

from typing import Any

from django.contrib.auth import views as auth_views
from django.http import HttpResponse, HttpResponseRedirect

from accounts import budget, tasks
from accounts.throttle import address_key, refused
from moderation.privacy import private_response
from tarneeb.addresses import request_client_address


class PasswordResetView(auth_views.PasswordResetView):
    def form_valid(self, form: Any) -> HttpResponse:
        email = form.cleaned_data["email"]
        address = address_key(request_client_address(self.request))
        refusal = budget.take([budget.mail_from(address), budget.resets_of(email)])
        if refusal is not None:
            return refused(self.request, refusal)
        tasks.ask_for_reset(self.request, email)
        return HttpResponseRedirect(self.get_success_url())


reset = private_response(PasswordResetView.as_view())
