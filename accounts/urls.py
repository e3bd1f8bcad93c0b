from django.contrib.auth import views as auth_views
from django.urls import path

from accounts import views
from accounts.throttle import throttled_login
from moderation.forms import LoginForm

urlpatterns = [
    path("accounts/signup/", views.signup, name="signup"),
    # The form refuses a suspended player, saying until when (moderation).
    path("accounts/login/", throttled_login(auth_views.LoginView.as_view(authentication_form=LoginForm)),
         name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    # The old password is guessed like a login's: same throttle.
    path("accounts/password/", views.PasswordChangeView.as_view(), name="password_change"),
    path(
        "accounts/password/done/",
        auth_views.PasswordChangeDoneView.as_view(),
        name="password_change_done",
    ),
    path("u/<str:username>/", views.profile, name="profile"),
]
