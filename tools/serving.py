"""The local web server: dist/ (or any directory) under a URL prefix, gzipped as GitHub
Pages serves it, for `build.py serve`, the tests and the benchmarks."""

from __future__ import annotations

import contextlib
import email.utils
import functools
import gzip
import http.server
import io
import os
import threading
from pathlib import Path

from .common import DIST


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Serves a directory under a URL prefix, like GitHub Pages under /REPO/, gzipped for
    clients that accept it (as Pages does).

    ``extra`` maps site-relative paths to bytes served from memory (the bench's bare page).
    """

    prefix = "/"
    extra: dict[str, bytes] = {}
    quiet = True
    gzipped: dict[str, tuple] = {}  # path -> ((mtime, size), gzip bytes), for all servers
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".wasm": "application/wasm",
        ".webmanifest": "application/manifest+json",
        ".json": "application/json",
        ".svg": "image/svg+xml",
        ".zip": "application/zip",
    }

    def _site_path(self) -> str | None:
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        if not path.startswith(self.prefix):
            return None
        return path[len(self.prefix):]

    def send_head(self):
        rel = self._site_path()
        if rel is None:
            if self.path.split("?", 1)[0] + "/" == self.prefix:
                self.send_response(301)
                self.send_header("Location", self.prefix)
                self.end_headers()
                return None
            self.send_error(404, "Not under the site's prefix")
            return None
        if rel in self.extra:  # "" is the site's page, index.html
            return self._send_body(self.extra[rel], self.guess_type(rel or "index.html"))
        path = self.translate_path(self.path)
        if os.path.isdir(path) and self.path.split("?", 1)[0].endswith("/"):
            path = os.path.join(path, "index.html")
        ctype = self.guess_type(path)
        if not (os.path.isfile(path) and self._gzip_ok(ctype)):
            return super().send_head()
        # Compressed, like GitHub Pages: what a visitor downloads, revalidated as before.
        st = os.stat(path)
        since = self.headers.get("If-Modified-Since")
        with contextlib.suppress(TypeError, ValueError, IndexError, OverflowError):
            if since and email.utils.parsedate_to_datetime(since).timestamp() >= int(
                    st.st_mtime):
                self.send_response(304)
                self.end_headers()
                return None
        key, body = self.gzipped.get(path, (None, b""))
        if key != (st.st_mtime_ns, st.st_size):
            with open(path, "rb") as fh:
                body = gzip.compress(fh.read(), 6, mtime=0)
            self.gzipped[path] = ((st.st_mtime_ns, st.st_size), body)
        return self._send_body(body, ctype, gzipped=True,
                               modified=self.date_time_string(int(st.st_mtime)))

    # Text, JavaScript, JSON, SVG and WebAssembly; not zip or PNG (compressed already).
    COMPRESSIBLE = ("text/", "application/javascript", "application/json",
                    "application/manifest+json", "application/wasm", "image/svg+xml")

    def _gzip_ok(self, ctype: str) -> bool:
        accepted = self.headers.get("Accept-Encoding", "")
        return ctype.startswith(self.COMPRESSIBLE) and any(
            part.split(";")[0].strip() == "gzip" for part in accepted.split(","))

    def _send_body(self, body: bytes, ctype: str, gzipped: bool = False,
                   modified: str | None = None) -> io.BytesIO:
        if not gzipped and self._gzip_ok(ctype):
            body, gzipped = gzip.compress(body, 6, mtime=0), True
        self.send_response(200)
        self.send_header("Content-Type", ctype)
        if gzipped:
            self.send_header("Content-Encoding", "gzip")
            self.send_header("Vary", "Accept-Encoding")
        if modified:
            self.send_header("Last-Modified", modified)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return io.BytesIO(body)

    def translate_path(self, path: str) -> str:
        rel = self._site_path()
        return super().translate_path("/" + (rel or ""))

    def end_headers(self) -> None:
        # Revalidate on every load: a rebuilt dist/ shows at once (304s keep it cheap).
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args) -> None:
        if not self.quiet:
            super().log_message(format, *args)


class SiteServer:
    """dist/ (or any directory) over HTTP on 127.0.0.1, in a background thread."""

    def __init__(self, directory: Path = DIST, port: int = 0, prefix: str = "/",
                 extra: dict[str, bytes] | None = None, quiet: bool = True):
        handler = type(
            "Handler",
            (SiteHandler,),
            # ``extra`` as given: its owner may add to it while the server runs
            {"prefix": prefix, "extra": {} if extra is None else extra, "quiet": quiet},
        )
        handler = functools.partial(handler, directory=str(directory))
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
        self.httpd.daemon_threads = True
        self.port = self.httpd.server_address[1]
        self.url = f"http://127.0.0.1:{self.port}{prefix}"
        self.thread: threading.Thread | None = None

    def start(self) -> SiteServer:
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()
        return self

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
        if self.thread:
            self.thread.join(5)

    def __enter__(self) -> SiteServer:
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()
