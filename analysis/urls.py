from django.urls import path

from analysis import views

urlpatterns = [
    path("matches/<int:match_id>/hands/<int:number>/analysis.json", views.hand_analysis,
         name="hand_analysis"),
    path("matches/<int:match_id>/analysis.json", views.match_analyses, name="match_analyses"),
    path("moderation/fairplay/", views.fairplay_signals, name="fairplay"),
]
