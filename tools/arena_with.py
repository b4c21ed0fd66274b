"""The arena with some of the computer players' constants set otherwise (a development
tool: how docs/ai.md measures a setting before it is kept).

    python tools/arena_with.py mexican.MODEL_TRIES=30 mexican.MODEL_KEEP=2 -- \\
        --game mexican-train --preset gs-mt --seats hard,normal,normal,normal \\
        --rounds 1000 --seed 4 --duplicate --workers 1 --json out.json

Each ``MODULE.NAME=VALUE`` sets ``bones.ai.MODULE.NAME`` to the Python literal VALUE
(a number, a string, None, a tuple...) in this process; what follows ``--`` goes to
``python -m bones arena``. Keep ``--workers 1``: a worker process started afresh
would not see the change. Standard library only; run from the repository's root.
"""

from __future__ import annotations

import ast
import contextlib
import importlib
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "py"))


def setting(item: str) -> tuple:
    """``MODULE.NAME=VALUE`` as ``(the module bones.ai.MODULE, NAME, VALUE)``."""
    name, eq, text = item.partition("=")
    mod, dot, attr = name.rpartition(".")
    if not eq or not dot:
        raise SystemExit(f"expected MODULE.NAME=VALUE, not {item!r}")
    module = importlib.import_module(f"bones.ai.{mod}")
    try:
        value = ast.literal_eval(text)
    except (ValueError, SyntaxError):
        raise SystemExit(f"{item!r}: the value must be a Python literal") from None
    return module, attr, value


_UNSET = object()


@contextlib.contextmanager
def applied(changes: list[tuple]):
    """Within the block, each ``(module, NAME, VALUE)`` (as ``setting`` gives) set; as
    they were afterwards (a name the module did not have is taken away again)."""
    saved = [(module, attr, getattr(module, attr, _UNSET))
             for module, attr, _value in changes]
    for module, attr, value in changes:
        setattr(module, attr, value)
    try:
        yield
    finally:
        for module, attr, value in reversed(saved):
            if value is _UNSET:
                delattr(module, attr)
            else:
                setattr(module, attr, value)


def apply(settings: list[str]) -> None:
    for item in settings:
        module, attr, value = setting(item)
        old = getattr(module, attr, "(not set)")
        setattr(module, attr, value)
        print(f"set {module.__name__}.{attr} = {value!r} (was {old!r})", file=sys.stderr)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if "--" not in argv:
        raise SystemExit(__doc__)
    i = argv.index("--")
    apply(argv[:i])
    from bones.ai import arena

    return arena.main(argv[i + 1:])


if __name__ == "__main__":
    sys.exit(main())
