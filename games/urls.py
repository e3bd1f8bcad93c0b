from django.urls import path

from games import views

urlpatterns = [
    path("", views.lobby, name="lobby"),
    path("rooms/new/", views.new_room, name="new_room"),
    path("rooms/quick/", views.quick_play, name="quick_play"),
    path("rooms/<str:room_id>/", views.room, name="room"),
    path("rooms/<str:room_id>/bots-now/", views.play_now_with_bots, name="play_now_with_bots"),
    path("rules/", views.rules, name="rules"),
    path("matches/<int:match_id>/record.json", views.match_record, name="match_record"),
    path("moderation/announce/", views.announcement, name="announcement"),
]
