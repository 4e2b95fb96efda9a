"""scripts/vendor.py: the build ids that key the snapshot (and, later, the service worker)."""
from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
spec = importlib.util.spec_from_file_location("vendor", ROOT / "scripts" / "vendor.py")
vendor = importlib.util.module_from_spec(spec)
spec.loader.exec_module(vendor)


def fake_site(tmp_path: Path) -> Path:
    for rel in vendor.SNAPSHOT_INPUTS:
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_bytes(rel.encode())
    return tmp_path


def test_runtime_id_follows_every_snapshot_input(tmp_path):
    site = fake_site(tmp_path)
    first = vendor.write_build_files(site)["runtime"]
    assert (site / vendor.BUILD_MODULE).read_text().count(first) == 1
    assert vendor.write_build_files(site)["runtime"] == first  # deterministic
    seen = {first}
    for rel in vendor.SNAPSHOT_INPUTS:  # one changed byte in any input: a new id
        (site / rel).write_bytes(rel.encode() + b"!")
        seen.add(vendor.write_build_files(site)["runtime"])
    assert len(seen) == len(vendor.SNAPSHOT_INPUTS) + 1


def test_runtime_id_ignores_what_the_snapshot_does_not_hold(tmp_path):
    site = fake_site(tmp_path)
    first = vendor.write_build_files(site)["runtime"]
    (site / "index.html").write_text("<p>new page</p>")
    (site / "static" / "js").mkdir(exist_ok=True)
    (site / "static" / "js" / "boot.js").write_text("// changed")
    assert vendor.write_build_files(site)["runtime"] == first
