"""Nothing set (neither LAPTOP nor DEBUG=0): a developer's checkout, and the test suite
(tests/settings.py). DEBUG on, on this computer only."""

import os

from config.settings.base import *  # noqa: F403  everything shared; what differs follows

DEBUG = True
SECRET_KEY = os.environ.get("SECRET_KEY") or "dev-only-insecure-key-never-used-in-production"
