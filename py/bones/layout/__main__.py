"""python -m bones.layout --demo out.svg [options]: draw a table to look at."""

from .preview import main

main()
