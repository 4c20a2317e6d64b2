"""Kitty TD's settings, read from the environment (config/environment.py lists every
variable): one module of what every profile shares, and one per profile with what differs.

    base.py          what every profile shares
    development.py   nothing set: a developer's checkout, and the tests; DEBUG on
    laptop.py        LAPTOP=1 (`kittytd run`): the night on one laptop, plain HTTP, DEBUG off
    server.py        DEBUG=0: behind a TLS proxy (docs/production.md)
    debug_off.py     what DEBUG off adds on the laptop and a server alike

The tests run the development profile (or the one their environment picks) with their few
differences applied by tests/conftest.py, all in tests/settings.py. DJANGO_SETTINGS_MODULE
is "config.settings" everywhere: the profile is picked here, from the environment alone.

Modules rather than one table of profiles: the profiles differ in how a value is found
(the laptop makes its key and asks the network for its addresses; a server refuses to
start without a key), not only in values, and each difference reads best as plain
settings with its reason beside it, in the one file a newcomer opens for that profile.
"""

from config.environment import env_bool

if env_bool("LAPTOP", False):
    from config.settings.laptop import *  # noqa: F403
elif env_bool("DEBUG", True):
    from config.settings.development import *  # noqa: F403
else:
    from config.settings.server import *  # noqa: F403
