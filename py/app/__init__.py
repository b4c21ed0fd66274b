"""The browser side of Rally Dominoes: draws what the engine says and passes clicks back.

Only ``app.browser.page`` touches the page (Pyodide's ``js`` module, the document, the DOM), beside
``app.boot``, which starts it, and ``app.browser.qr``, which loads the QR modules; everything else
here asks ``app.browser.page``'s ``Page`` and is pure Python, importable and testable in CPython
(tests/app/fakepage.py stands in for the page).
"""
