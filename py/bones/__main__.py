"""``python -m bones <command>``: arena (computer levels against each other),
bench-ai (move times of the computer levels), rules (docs/rules.md's tables) and
check-deal (a round's revealed deal checked against its code, docs/records.md)."""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    commands = {
        "arena": "levels against each other with confidence intervals",
        "bench-ai": "median move time of each computer level",
        "rules": "every sheet's rules as docs/rules.md lists them",
        "check-deal": "check a revealed deal (a JSON file) against its code and seed",
    }
    if not argv or argv[0] in ("-h", "--help") or argv[0] not in commands:
        print("usage: python -m bones COMMAND [options]\n\ncommands:")
        for k, v in commands.items():
            print(f"  {k:10} {v}")
        return 0 if not argv or argv[0] in ("-h", "--help") else 2
    cmd, rest = argv[0], argv[1:]
    if cmd == "rules":
        from . import games  # noqa: F401  (the games register their presets)
        from .rulebook import markdown

        print(markdown(), end="")
        return 0
    if cmd == "check-deal":
        from .fair import check_file

        return check_file(rest)
    if cmd == "arena":
        from .ai.arena import main as run
    else:
        from .ai.benchai import main as run
    return run(rest)


if __name__ == "__main__":
    raise SystemExit(main())
