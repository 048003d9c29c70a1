"""The largest functions of the live book's runtime (Pyodide's WebAssembly module), by the size of their code.

WebKit's JavaScriptCore starts the engine slower than Chromium because its optimizing tier (OMG) compiles
the runtime's largest functions as soon as Python runs (README, "Why WebKit starts slower"); its setting
``JSC_maximumOMGCandidateCost`` leaves out functions above a size, and this lists which those are. A name
is given where the module exports the function (Pyodide's exports every symbol a package may link to);
the others are static functions, which the module does not name.

    python bench/wasm_functions.py [--top 12] [node_modules/pyodide/pyodide.asm.wasm]
"""

from __future__ import annotations

import argparse
import pathlib

ROOT = pathlib.Path(__file__).resolve().parent.parent
RUNTIME = ROOT / "node_modules" / "pyodide" / "pyodide.asm.wasm"
IMPORT, CODE, EXPORT = 2, 10, 7  # the WebAssembly sections read here
FUNCTION = 0  # the kind of an import or export that is a function


class Reader:
    """A cursor over a WebAssembly binary: unsigned LEB128 numbers, names, and skipped bytes."""

    def __init__(self, data: bytes, at: int = 0) -> None:
        self.data = data
        self.at = at

    def number(self) -> int:
        """The unsigned LEB128 number at the cursor."""
        value = shift = 0
        while True:
            byte = self.data[self.at]
            self.at += 1
            value |= (byte & 0x7F) << shift
            shift += 7
            if byte < 0x80:
                return value

    def name(self) -> str:
        """A length-prefixed UTF-8 name."""
        length = self.number()
        self.at += length
        return self.data[self.at - length:self.at].decode("utf-8", "replace")

    def limits(self) -> None:
        """Skips a table's or memory's limits (a flag, a minimum and, where the flag says so, a maximum)."""
        flags = self.number()
        self.number()
        if flags & 1:
            self.number()


def sections(data: bytes):
    """``(section id, Reader at its content, end)`` for each section of the module."""
    if data[:4] != b"\0asm":
        raise ValueError("not a WebAssembly module")
    reader = Reader(data, 8)
    while reader.at < len(data):
        kind = data[reader.at]
        reader.at += 1
        size = reader.number()
        yield kind, Reader(data, reader.at), reader.at + size
        reader.at += size


def function_sizes(data: bytes) -> list[tuple[int, int, str | None]]:
    """``(bytes of code, function index, exported name or None)`` for every function the module defines,
    largest first."""
    imported = 0
    sizes: list[tuple[int, int]] = []
    names: dict[int, str] = {}
    for kind, reader, _end in sections(data):
        if kind == IMPORT:
            for _ in range(reader.number()):
                reader.name()
                reader.name()
                what = data[reader.at]
                reader.at += 1
                if what == FUNCTION:
                    imported += 1
                    reader.number()  # its type
                elif what == 1:  # a table: its element type, then its limits
                    reader.at += 1
                    reader.limits()
                elif what == 2:  # a memory
                    reader.limits()
                elif what == 3:  # a global: its type and mutability
                    reader.at += 2
                elif what == 4:  # a tag
                    reader.at += 1
                    reader.number()
        elif kind == CODE:
            for index in range(reader.number()):
                size = reader.number()
                sizes.append((size, imported + index))
                reader.at += size
        elif kind == EXPORT:
            for _ in range(reader.number()):
                name = reader.name()
                what = data[reader.at]
                reader.at += 1
                index = reader.number()
                if what == FUNCTION:
                    names.setdefault(index, name)
    return sorted(((size, index, names.get(index)) for size, index in sizes), reverse=True)


def main() -> None:
    """Prints the module's function count, its code's size, and its largest functions."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("module", nargs="?", type=pathlib.Path, default=RUNTIME)
    parser.add_argument("--top", type=int, default=12)
    args = parser.parse_args()
    functions = function_sizes(args.module.read_bytes())
    total = sum(size for size, _, _ in functions)
    print(f"{args.module}: {len(functions)} functions, {total / 1e6:.2f} MB of code; the largest:")
    for size, index, name in functions[:args.top]:
        print(f"  {size:>7,} bytes  function {index:>5}  {name or '(not exported)'}")


if __name__ == "__main__":
    main()
