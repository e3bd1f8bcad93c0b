from django.urls import path

from ratings import views

urlpatterns = [
    path("leaderboard/", views.leaderboard, name="leaderboard"),
    path("leaderboard/<str:variant>/", views.leaderboard, name="leaderboard_variant"),
]
