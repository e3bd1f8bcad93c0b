from django.contrib import admin
from django.urls import include, path
from django.views.i18n import JavaScriptCatalog

from tarneeb import views

urlpatterns = [
    path("", include("games.urls")),
    path("", include("accounts.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("jsi18n/", JavaScriptCatalog.as_view(), name="javascript-catalog"),
    path("admin/", admin.site.urls),
    path("healthz", views.healthz, name="healthz"),
]
