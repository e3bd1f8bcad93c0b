from django.urls import path

from moderation import views

app_name = "moderation"

urlpatterns = [
    path("moderation/", views.queue, name="queue"),
    path("moderation/log/", views.log, name="log"),
    path("moderation/act/", views.act, name="act"),
    path("moderation/reports/<int:report_id>/resolve/", views.resolve, name="resolve"),
    path("u/<str:username>/report/", views.report_player, name="report"),
]
