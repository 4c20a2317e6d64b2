from django.apps import AppConfig


class LaptopConfig(AppConfig):
    name = "laptop"
    verbose_name = "The laptop in the hall"
