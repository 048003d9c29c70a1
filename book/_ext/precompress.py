"""Compressed copies of the built book's files, for servers that send them as they are (``capture serve``).

Beside each file that compresses (text, the runtime's WebAssembly, the engine's stored zips) the build
writes ``NAME.gz`` (gzip, level 9) and ``NAME.br`` (brotli, quality 11 unless set lower, by Node.js's
zlib), each kept only where it saves at least a tenth. A server that knows the convention answers a request that accepts
``br`` or ``gzip`` with the copy and ``Content-Encoding``; any other server serves the plain files as
before. The copies are written after everything else, and ``capture serve`` ignores a copy older than
its file, so a page changed after the build is never answered with its old copy.

Compressing the runtime at brotli's best takes about 40 s, so every copy is kept in
``_build/.capture-engine/compressed`` under the hash of what it compresses and the quality: a rebuild
compresses only what changed. ``CAPTURE_BROTLI_QUALITY`` (0 to 11) sets a lower quality: the test command's
build uses 9, which compresses the runtime ten times faster into copies about a tenth larger (a fresh
clone has no kept copies, and the test command's twelve minutes cannot spare 80 s for bytes no test
counts so finely); a book to publish is built at 11.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import os
import pathlib
import shutil
import subprocess
import tempfile
from collections.abc import Iterator

ROOT = pathlib.Path(__file__).resolve().parents[2]
CACHE = ROOT / "_build" / ".capture-engine" / "compressed"
NODE_SCRIPT = pathlib.Path(__file__).with_name("brotli.mjs")
#: What is worth compressing: text, WebAssembly, and the engine's zips (their entries are stored).
SUFFIXES = {".html", ".js", ".mjs", ".css", ".json", ".svg", ".wasm", ".txt", ".xml", ".map", ".whl", ".zip",
            ".ipynb", ".md", ".py", ".ttf", ".eot", ".ico"}
#: Smaller files gain too little for a second request header's worth.
SMALLEST = 1024
#: A copy is kept only when it is at most this fraction of its file.
MOST = 0.9
ENCODINGS = (".br", ".gz")


def brotli_quality() -> int:
    """The brotli quality of this build: ``CAPTURE_BROTLI_QUALITY`` where set, else brotli's best, 11."""
    text = os.environ.get("CAPTURE_BROTLI_QUALITY", "11")
    if not text.isdigit() or not 0 <= int(text) <= 11:
        raise ValueError(f"CAPTURE_BROTLI_QUALITY must be a whole number from 0 to 11, not {text!r}")
    return int(text)


def candidates(folder: pathlib.Path) -> Iterator[pathlib.Path]:
    """The files of ``folder`` worth a compressed copy (not the copies themselves, nor links)."""
    for path in sorted(folder.rglob("*")):
        if (path.is_file() and not path.is_symlink() and path.suffix in SUFFIXES
                and path.stat().st_size >= SMALLEST):
            yield path


def _gzip(data: bytes) -> bytes:
    return gzip.compress(data, compresslevel=9, mtime=0)


def _brotli(jobs: list[tuple[pathlib.Path, pathlib.Path]], quality: int = 11) -> None:
    node = shutil.which("node")
    if not jobs or node is None:
        return
    with tempfile.TemporaryDirectory() as scratch:
        job = pathlib.Path(scratch) / "job.json"
        job.write_text(json.dumps({"quality": quality, "pairs": [[str(a), str(b)] for a, b in jobs]}),
                       encoding="utf-8")
        subprocess.run([node, str(NODE_SCRIPT), str(job)], check=True, capture_output=True, timeout=1800)


def _place(copy: pathlib.Path, target: pathlib.Path, size: int) -> bool:
    """Put the kept ``copy`` at ``target`` if it saves enough; remove a stale ``target`` otherwise."""
    if copy.is_file() and copy.stat().st_size <= MOST * size:
        shutil.copyfile(copy, target)
        return True
    target.unlink(missing_ok=True)
    return False


def precompress(folder: pathlib.Path) -> dict[str, int]:
    """Write the ``.br`` and ``.gz`` copies for ``folder``; return the bytes before and after, in total."""
    CACHE.mkdir(parents=True, exist_ok=True)
    files = list(candidates(folder))
    quality = brotli_quality()
    keys = {path: hashlib.sha256(path.read_bytes()).hexdigest() for path in files}
    brs = {path: CACHE / f"{keys[path]}.q{quality}.br" for path in files}
    missing = [(path, brs[path]) for path in files if not brs[path].is_file()]
    _brotli(missing, quality)
    totals = {"files": 0, "bytes": 0, "br": 0, "gz": 0}
    used = set()
    for path in files:
        data = path.read_bytes()
        size = len(data)
        gz_copy = CACHE / f"{keys[path]}.gz"
        if not gz_copy.is_file():
            gz_copy.write_bytes(_gzip(data))
        used.update({gz_copy.name, brs[path].name})
        totals["files"] += 1
        totals["bytes"] += size
        for suffix, copy in ((".br", brs[path]), (".gz", gz_copy)):
            target = path.with_name(path.name + suffix)
            kept = _place(copy, target, size)
            totals[suffix[1:]] += target.stat().st_size if kept else size
            # The copy must not look older than its file (capture serve ignores a stale copy).
            if kept:
                stat = path.stat()
                os.utime(target, ns=(stat.st_atime_ns, max(stat.st_mtime_ns, target.stat().st_mtime_ns)))
    for old in CACHE.iterdir():  # copies of files this build no longer has
        if old.name not in used:
            old.unlink()
    return totals
