from django.contrib.auth import views as auth_views
from django.urls import path

from accounts import account_views, reset, views
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
    # Django's reset views; the request's answer is the same for every address (accounts/reset.py).
    path("accounts/password/reset/", reset.reset, name="password_reset"),
    path("accounts/password/reset/sent/", auth_views.PasswordResetDoneView.as_view(),
         name="password_reset_done"),
    path("accounts/password/reset/<uidb64>/<token>/", auth_views.PasswordResetConfirmView.as_view(),
         name="password_reset_confirm"),
    path("accounts/password/reset/done/", auth_views.PasswordResetCompleteView.as_view(),
         name="password_reset_complete"),
    path("accounts/settings/", account_views.settings_page, name="settings"),
    path("accounts/settings/table/", account_views.table_preferences, name="table_preferences"),
    path("accounts/email/<str:token>/", account_views.confirm_email, name="confirm_email"),
    path("accounts/delete/", account_views.delete, name="delete_account"),
    path("accounts/data/", account_views.download, name="download_data"),
    path("u/<str:username>/", views.profile, name="profile"),
]
