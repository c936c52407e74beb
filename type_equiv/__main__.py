"""`python -m type_equiv` is the same as the `type-equiv` console script."""

from type_equiv.cli import main

main()
