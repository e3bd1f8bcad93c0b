from django.urls import path

from events import views

urlpatterns = [
    path("events/", views.event_list, name="events"),
    path("events/new/", views.new_event, name="new_event"),
    path("events/<int:event_id>/", views.event_page, name="event"),
    path("events/<int:event_id>/standings/", views.standings_part, name="event_standings"),
    path("events/<int:event_id>/register/", views.register, name="event_register"),
    path("events/<int:event_id>/unregister/", views.unregister, name="event_unregister"),
    path("events/<int:event_id>/deals/<int:number>/", views.traveller, name="event_traveller"),
    path("events/<int:event_id>/results.json", views.results_json, name="event_results_json"),
    path("events/<int:event_id>/results.csv", views.results_csv, name="event_results_csv"),
    path("events/<int:event_id>/moderate/", views.moderate, name="event_moderate"),
]
