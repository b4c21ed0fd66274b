# The computer's thinking, off the page's thread: a PyScript worker that only exports
# functions (no DOM, so no special headers are needed). The page calls setup() once
# with the URL of the game's Python bundle, then choose() for each Hard move
# and hint() for a Hard hint.
import sys

from pyodide.http import pyfetch

_ready = False


async def setup(bundle_url):
    global _ready
    if not _ready:
        response = await pyfetch(bundle_url)
        data = await response.bytes()
        with open("/tmp/rally.zip", "wb") as f:
            f.write(data)
        sys.path.insert(0, "/tmp/rally.zip")
        import bones.ai  # noqa: F401  (imported now so the first move is quick)

        _ready = True
    return True


# The arguments go on as the page sent them: choose_from_json and hint_from_json check
# each one (bones.ai.levels; tested in CPython), and the page checks the answer.
def choose(save_json, seat, level, seed, budget_ms):
    from bones.ai import choose_from_json

    return choose_from_json(save_json, seat, level, seed=seed, budget_ms=budget_ms)


def hint(save_json, seat, seed, budget_ms):
    """Hard's hint for the seat, as JSON text: {"move", "reason", "level"}."""
    import json

    from bones.ai import hint_from_json

    return json.dumps(hint_from_json(save_json, seat, "hard", seed=seed,
                                     budget_ms=budget_ms))


__export__ = ["setup", "choose", "hint"]
