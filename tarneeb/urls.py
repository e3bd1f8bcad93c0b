from django.contrib import admin
from django.urls import include, path
from django.views.i18n import JavaScriptCatalog

from accounts import preferences
from accounts.throttle import throttled_login
from tarneeb import views

urlpatterns = [
    path("", include("games.urls")),
    path("", include("accounts.urls")),
    path("", include("history.urls")),
    path("", include("analysis.urls")),
    path("", include("moderation.urls")),
    path("", include("ratings.urls")),
    # The language switch also sets a logged-in player's language (their mail's too).
    path("i18n/setlang/", preferences.set_language, name="set_language"),
    path("", include("events.urls")),
    path("", include("friends.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("jsi18n/", JavaScriptCatalog.as_view(), name="javascript-catalog"),
    # The admin's login form guesses passwords as well as ours: same throttle.
    path("admin/login/", throttled_login(admin.site.login)),
    path("admin/", admin.site.urls),
    path("healthz", views.healthz, name="healthz"),
]
