"""The browser side of Rally Dominoes: draws what the engine says and passes clicks back.

Only ``app.boot`` talks to the page (through Pyodide's ``js`` module); everything else here
is pure Python, importable and testable in CPython.
"""
