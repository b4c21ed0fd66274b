"""The one package that touches the browser: the page (Pyodide's js, the document), a tile's
flight and the notes played, and the QR modules loaded on first use."""
