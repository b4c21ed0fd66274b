"""A mosquitto broker on 127.0.0.1 for the invite link's browser tests (installed by
`build.py test` with apt where it can; a test that needs it is skipped where it is missing),
with a websocket listener for the pages and a plain MQTT one for ``Listener``, a client of
a few lines that keeps whatever crosses the broker.

    broker -> (ws_port, mqtt_port)      a module's fixture: import it into the test module
    Listener(mqtt_port).seen            (topic, body) of every message published
    free_port()
"""

from __future__ import annotations

import socket
import struct
import subprocess
import threading
import time

import pytest


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_port(port: int, timeout: float = 10) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.05)
    raise AssertionError(f"the broker did not open port {port}")


class Listener:
    """An MQTT 3.1.1 client of a few lines that subscribes to every topic on the broker
    and keeps what it sees: what anyone on the broker could read."""

    def __init__(self, port: int):
        self.seen: list[tuple[str, bytes]] = []
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=5)
        client = b"rally-listener"
        body = b"\x00\x04MQTT\x04\x02\x00\x3c" + struct.pack("!H", len(client)) + client
        self.sock.sendall(b"\x10" + self._length(len(body)) + body)
        assert self._packet()[0] == 0x20  # CONNACK
        body = b"\x00\x01" + struct.pack("!H", 1) + b"#" + b"\x00"
        self.sock.sendall(b"\x82" + self._length(len(body)) + body)
        assert self._packet()[0] == 0x90  # SUBACK
        self.sock.settimeout(None)
        threading.Thread(target=self._run, daemon=True).start()

    @staticmethod
    def _length(n: int) -> bytes:
        out = bytearray()
        while True:
            n, digit = divmod(n, 128)
            out.append(digit | (0x80 if n else 0))
            if not n:
                return bytes(out)

    def _read(self, n: int) -> bytes:
        data = b""
        while len(data) < n:
            chunk = self.sock.recv(n - len(data))
            if not chunk:
                raise EOFError
            data += chunk
        return data

    def _packet(self) -> tuple[int, bytes]:
        kind = self._read(1)[0]
        n, shift = 0, 0
        while True:
            b = self._read(1)[0]
            n |= (b & 0x7F) << shift
            shift += 7
            if not b & 0x80:
                break
        return kind, self._read(n)

    def _run(self) -> None:
        try:
            while True:
                kind, body = self._packet()
                if kind >> 4 == 3:  # PUBLISH, QoS 0
                    (tlen,) = struct.unpack("!H", body[:2])
                    self.seen.append((body[2:2 + tlen].decode(), body[2 + tlen:]))
        except (OSError, EOFError):
            pass

    def close(self) -> None:
        self.sock.close()


@pytest.fixture(scope="module")
def broker(tmp_path_factory, rally_build):
    """A mosquitto on 127.0.0.1: (websocket port for the pages, MQTT port for us)."""
    mosquitto = rally_build.devenv.find_broker()
    if mosquitto is None:
        pytest.skip("mosquitto is not installed (build.py test installs it with apt)")
    ws_port, mqtt_port = free_port(), free_port()
    conf = tmp_path_factory.mktemp("mosquitto") / "mosquitto.conf"
    conf.write_text(f"""persistence false
allow_anonymous true
listener {ws_port} 127.0.0.1
protocol websockets
listener {mqtt_port} 127.0.0.1
protocol mqtt
""")
    proc = subprocess.Popen([mosquitto, "-c", str(conf)], stdin=subprocess.DEVNULL,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        wait_port(ws_port)
        wait_port(mqtt_port)
        yield ws_port, mqtt_port
    finally:
        proc.terminate()
        proc.wait(timeout=10)
