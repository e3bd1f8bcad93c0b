from django.urls import path, re_path

from friends import views

app_name = "friends"
urlpatterns = [
    path("friends/", views.friends, name="list"),
    re_path(r"^friends/(?P<action>follow|unfollow|block|unblock)/(?P<username>[^/]+)/$", views.change,
            name="change"),
    path("friends/invite/<str:username>/", views.invite, name="invite"),
    path("friends/invitations/<int:notification_id>/", views.join, name="join"),
    path("notifications/", views.notifications, name="notifications"),
]
