#!/usr/bin/env python
"""Django's commands from a checkout: the same program as the `kittytd` command
(kittytd/cli.py), so `python manage.py run` is `kittytd run`."""

from kittytd.cli import main

if __name__ == "__main__":
    main()
