from django.contrib import admin
from django.urls import include, path

from games import views as game_views
from tarneeb import views

urlpatterns = [
    path("", game_views.lobby, name="lobby"),
    path("", include("accounts.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
    path("healthz", views.healthz, name="healthz"),
]
