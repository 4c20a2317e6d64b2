"""`python -m kittytd`: the same as the `kittytd` command."""

from kittytd.cli import main

main()
