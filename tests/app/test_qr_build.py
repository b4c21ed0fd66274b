"""build.py's QR code libraries (docs/rally.md, "QR codes: libraries"): pinned, shipped
whole with their licences, kept for offline use, and not loaded by a first visit."""

import json
import re
import zipfile

import pytest


def test_segno_zip_holds_what_import_segno_needs_and_its_licence(rally_build, built):
    names = set(zipfile.ZipFile(built / rally_build.SEGNO_BUNDLE).namelist())
    sources = {f"segno/{m}" for m in rally_build.SEGNO_MODULES}
    assert sources | {"segno/LICENSE"} <= names
    assert names - sources - {"segno/LICENSE"} <= {n + "c" for n in sources}  # their .pyc
    assert "segno/cli.py" not in names and "segno/helpers.py" not in names
    licence = zipfile.ZipFile(built / rally_build.SEGNO_BUNDLE).read("segno/LICENSE").decode()
    assert "Redistribution and use in source and binary forms" in licence  # BSD


def test_the_shipped_segno_is_the_pinned_one_and_the_tests_use_the_same(rally_build, built):
    import segno

    init = zipfile.ZipFile(built / rally_build.SEGNO_BUNDLE).read("segno/__init__.py").decode()
    shipped = re.search(r"__version__ = '([^']+)'", init).group(1)
    assert shipped == rally_build.SEGNO_VERSION == segno.__version__
    assert f"segno=={rally_build.SEGNO_VERSION}" in rally_build.dev_requirements()
    assert rally_build.sha256_file(rally_build.segno_wheel()) == rally_build.SEGNO_SHA256


def test_a_segno_wheel_with_another_hash_stops_the_build(rally_build, tmp_path, monkeypatch):
    # What the registry served changed (or a download was cut short): refused, not shipped.
    monkeypatch.setattr(rally_build, "WHEEL_CACHE", tmp_path)
    bad = tmp_path / rally_build.SEGNO_WHEEL
    bad.write_bytes(b"not the wheel that was pinned")
    fetched = []

    def fake_pip(cmd, **kw):
        fetched.append(cmd)
        bad.write_bytes(b"still not the wheel that was pinned")

    monkeypatch.setattr(rally_build, "run", fake_pip)
    with pytest.raises(SystemExit, match="not the pinned"):
        rally_build.segno_wheel()
    assert len(fetched) == 1 and f"segno=={rally_build.SEGNO_VERSION}" in fetched[0]
    assert not bad.exists()  # not left for the next build to trust


def test_jsqr_ships_with_its_licence_at_the_pinned_version(rally_build, built):
    lock = json.loads((rally_build.ROOT / "package-lock.json").read_text())
    pinned = json.loads((rally_build.ROOT / "package.json").read_text())["dependencies"]["jsqr"]
    assert pinned == lock["packages"]["node_modules/jsqr"]["version"] == "1.4.0"
    assert (built / "web/jsqr/jsQR.js").read_bytes() == (
        rally_build.NODE_MODULES / "jsqr/dist/jsQR.js").read_bytes()
    assert "Apache License" in (built / "web/jsqr/LICENSE").read_text()


def test_qr_files_are_kept_offline_but_never_asked_for_at_start_up(built):
    precache = json.loads(re.search(r"const PRECACHE = (\[.*?\]);",
                                    (built / "sw.js").read_text(), re.S).group(1))
    qr_files = ["py/segno.zip", "web/qr-scan.mjs", "web/jsqr/jsQR.js"]
    assert set(qr_files) <= set(precache)
    page = (built / "index.html").read_text()
    assert not [f for f in qr_files if f in page or f.rsplit("/", 1)[1] in page]
