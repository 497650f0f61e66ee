"""axe-core, the accessibility checker, fetched once from the npm registry and run in a page.

The page's Content-Security-Policy allows only its own scripts, so axe cannot
be injected into a page that obeys it: the accessibility tests open the pages
in a browser context that bypasses the policy (a test-only context; the other
browser tests keep checking that the page needs nothing the policy refuses).
"""

from __future__ import annotations

import io
import json
import os
import tarfile
import urllib.request
from pathlib import Path
from typing import Any

import pytest

CACHE = Path(os.environ.get("ATOUT_AXE_CACHE", Path.home() / ".cache" / "atout-axe"))
REGISTRY = "https://registry.npmjs.org/axe-core"
MAJOR = "4"
SERIOUS = ("serious", "critical")

RUN = """async () => {
  const result = await axe.run(document, { resultTypes: ['violations'] });
  return result.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.slice(0, 6).map((n) => n.target.join(' ') + ': ' + (n.failureSummary || '')
      .split('\\n').slice(1, 2).join(' ').trim()),
  }));
}"""


def axe_source() -> str:
    """The text of ``axe.min.js`` (the newest 4.x release), downloaded once into :data:`CACHE`."""
    cached = sorted(CACHE.glob(f"axe-core-{MAJOR}.*.min.js"))
    if cached:
        return cached[-1].read_text(encoding="utf-8")
    try:
        with urllib.request.urlopen(f"{REGISTRY}/latest", timeout=30) as response:
            meta = json.load(response)
        version, tarball = meta["version"], meta["dist"]["tarball"]
        if not str(version).startswith(f"{MAJOR}."):
            raise RuntimeError(f"axe-core {version} is not a {MAJOR}.x release")
        with urllib.request.urlopen(tarball, timeout=60) as response:
            data = response.read()
    except OSError as error:
        if os.environ.get("CI"):
            raise
        pytest.skip(f"axe-core cannot be fetched from the npm registry: {error}")
    with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as archive:
        member = archive.extractfile("package/axe.min.js")
        assert member is not None, "axe-core's package has no axe.min.js"
        source = member.read().decode("utf-8")
    CACHE.mkdir(parents=True, exist_ok=True)
    (CACHE / f"axe-core-{version}.min.js").write_text(source, encoding="utf-8")
    return source


def serious_violations(page: Any, source: str) -> list[str]:
    """axe's serious and critical violations on the page as it is now, one line each."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(content=source)
    found: list[dict[str, Any]] = page.evaluate(RUN)
    return [
        f"{v['impact']} {v['id']} ({v['help']}): " + " | ".join(v["nodes"])
        for v in found
        if v["impact"] in SERIOUS
    ]
