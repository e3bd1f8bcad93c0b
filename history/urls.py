from django.urls import path

from history import export, views

urlpatterns = [
    path("matches/<int:match_id>/", views.match_page, name="match"),
    path("matches/<int:match_id>/hands/<int:number>.json", views.hand_replay, name="hand_replay"),
    path("u/<str:username>/matches/", views.player_matches, name="player_matches"),
    path("u/<str:username>/matches.jsonl", export.player_matches, name="player_matches_jsonl"),
]
