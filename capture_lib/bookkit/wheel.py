"""The engine's wheel for the live book: capture_lib as the reader's browser runs it (Pyodide unpacks it).

It is made from the package that is running, whether from a checkout or from a pip install, so a book
built from a pip install goes live as well as one built in the checkout, and it needs neither pip nor a
build backend. It holds the package's modules and data, as the package's own wheel does, but neither the
book's sources that the package's wheel also carries (``capture_lib/_book``) nor the packages that only
run on a machine (``HOST_ONLY``: the ``capture`` command, the classroom servers, the book's build, the
experiments, the hosts): the browser never reads them. The archive is the same, byte for byte, for the
same package, so a rebuilt book's wheel is revalidated rather than fetched again; its members are stored,
not deflated, since the build's brotli copy of the whole file compresses them better.
"""

from __future__ import annotations

import base64
import hashlib
import importlib.metadata
import io
import pathlib
import zipfile
from collections.abc import Mapping

from capture_lib.core import places

#: The files of the package that the engine's wheel holds: the same kinds the package's own wheel holds
#: (its modules, and the ``package-data`` of pyproject.toml).
SUFFIXES = frozenset({".py", ".js", ".css", ".json", ".txt", ".typed"})  # py.typed: the package is typed
#: Folders of the package never put in the engine's wheel.
LEFT_OUT = frozenset({"_book", "__pycache__"})
#: Packages of capture_lib that never run in a reader's browser.
HOST_ONLY = ("capture_lib.cli", "capture_lib.__main__", "capture_lib.classroom", "capture_lib.bookkit",
             "capture_lib.experiments", "capture_lib.hosts")
#: A fixed time for every member (the earliest a zip can hold), so the archive depends on the files alone.
STAMP = (1980, 1, 1, 0, 0, 0)


def version() -> str:
    """capture_lib's version, as installed."""
    return importlib.metadata.version("capture_lib")


def wheel_name() -> str:
    """The file name of the engine's wheel (pure Python, no dependencies)."""
    return f"capture_lib-{version()}-py3-none-any.whl"


def host_only(module: str) -> bool:
    """Whether ``module`` (a dotted name) belongs to a package that only runs on a machine."""
    return any(module == name or module.startswith(name + ".") for name in HOST_ONLY)


def module_of(relative: pathlib.PurePosixPath) -> str:
    """The dotted module a file of the package belongs to (a data file: its folder's package)."""
    parts = list((relative if relative.suffix == ".py" else relative.parent / "__init__.py").with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def package_files(package: pathlib.Path = places.PACKAGE) -> list[str]:
    """The files of ``package`` that the engine's wheel holds, relative to its parent, with ``/``, sorted."""
    found = []
    for path in package.rglob("*"):
        relative = path.relative_to(package)
        named = pathlib.PurePosixPath(package.name, relative.as_posix())
        if (path.is_file() and path.suffix in SUFFIXES and not LEFT_OUT.intersection(relative.parts[:-1])
                and not host_only(module_of(named))):
            found.append(named.as_posix())
    return sorted(found)


def _record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def engine_wheel(target: pathlib.Path, package: pathlib.Path = places.PACKAGE) -> pathlib.Path:
    """Write the engine's wheel into the folder ``target`` and return its path."""
    target.mkdir(parents=True, exist_ok=True)
    path = target / wheel_name()
    path.write_bytes(wheel_bytes(package))
    return path


def wheel_bytes(package: pathlib.Path = places.PACKAGE) -> bytes:
    """The engine's wheel (see the module's docstring), the same bytes for the same package."""
    name = version()
    info = f"capture_lib-{name}.dist-info"
    members = [(relative, (package.parent / relative).read_bytes()) for relative in package_files(package)]
    members.append((f"{info}/METADATA", f"Metadata-Version: 2.1\nName: capture_lib\nVersion: {name}\n".encode()))
    members.append((f"{info}/WHEEL", b"Wheel-Version: 1.0\nGenerator: capture_lib.bookkit.wheel\n"
                                     b"Root-Is-Purelib: true\nTag: py3-none-any\n"))
    return _archive(members)


def compiled_wheel(wheel: bytes, compiled: Mapping[str, bytes]) -> bytes:
    """``wheel`` with each module named in ``compiled`` (``capture_lib/x.py``) replaced by its bytecode there
    (``capture_lib/x.pyc``, which Python imports when no source sits beside it), the record rewritten.

    The browser's Python would otherwise compile every module of the engine as it imports it, on every
    visit and in the reader's slowest processor; the build compiles them once, with the CPython that runs
    in the browser (the bytecode is that version's alone, so only that runtime may load this wheel).
    """
    with zipfile.ZipFile(io.BytesIO(wheel)) as archive:
        members = [(name + "c", compiled[name]) if name in compiled else (name, archive.read(name))
                   for name in archive.namelist() if not name.endswith("/RECORD")]
    return _archive(members)


def _archive(members: list[tuple[str, bytes]]) -> bytes:
    """A wheel of ``members`` (name, bytes) and their record: stored entries at a fixed time, in order."""
    info = next(name.split("/")[0] for name, _ in members if name.endswith(".dist-info/WHEEL"))
    record = "".join(_record_line(member, data) + "\n" for member, data in members) + f"{info}/RECORD,,\n"
    members = [*members, (f"{info}/RECORD", record.encode())]
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        for member, data in members:
            entry = zipfile.ZipInfo(member, date_time=STAMP)
            entry.compress_type = zipfile.ZIP_STORED
            entry.external_attr = 0o644 << 16
            archive.writestr(entry, data)
    return out.getvalue()
