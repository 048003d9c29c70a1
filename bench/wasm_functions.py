"""The largest functions of the live book's runtime (Pyodide's WebAssembly module), by the size of their code.

WebKit's JavaScriptCore starts the engine slower than Chromium because its optimizing tier (OMG) compiles
the runtime's largest functions as soon as Python runs (docs/hosts.md, "Why WebKit starts slower"); its
setting ``JSC_maximumOMGCandidateCost`` leaves out functions whose body is longer than that many bytes, and
this lists which those are. A name is given where the module exports the function (Pyodide's exports every
symbol a package may link to); the others are static functions, which the module does not name.

``--pad N --out FILE`` writes the module with its N largest bodies made longer than JavaScriptCore's limit
(``pad_largest``): the runtime ``bench_webkit_runtime.py`` compares with the published one.

    python bench/wasm_functions.py [--top 12] [--pad 3 --out padded.wasm] [node_modules/pyodide/pyodide.asm.wasm]
"""

from __future__ import annotations

import argparse
import pathlib

ROOT = pathlib.Path(__file__).resolve().parent.parent
RUNTIME = ROOT / "node_modules" / "pyodide" / "pyodide.asm.wasm"
IMPORT, CODE, EXPORT = 2, 10, 7  # the WebAssembly sections read here
FUNCTION = 0  # the kind of an import or export that is a function
#: JavaScriptCore's default ``maximumOMGCandidateCost``: a function whose body (its locals and code, the
#: bytes the code section gives it) is longer never reaches the optimizing tier (``BBQJIT::canTierUpToOMG``).
#: 100,000 in WebKitGTK 2.50.6, as ``JSC_dumpOptions=2`` prints it, and in WebKit's OptionsList.h.
OMG_LIMIT = 100_000
#: The value types a body's locals may have here, each one byte (numbers, vectors, funcref, externref).
ONE_BYTE_TYPES = {0x7F, 0x7E, 0x7D, 0x7C, 0x7B, 0x70, 0x6F}
#: What ``pad_largest`` puts before a body's code: ``block`` (no result), ``br 0`` to its end; the nops
#: come between, and ``end``.
SKIP_START, SKIP_END = bytes([0x02, 0x40, 0x0C, 0x00]), bytes([0x0B])
NOP = 0x01


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


def leb(value: int) -> bytes:
    """``value`` as an unsigned LEB128 number."""
    out = bytearray()
    while True:
        byte, value = value & 0x7F, value >> 7
        out.append(byte | (0x80 if value else 0))
        if not value:
            return bytes(out)


def _locals_end(data: bytes, at: int) -> int:
    """Where the code of the body starting at ``at`` begins, after its local declarations."""
    reader = Reader(data, at)
    for _ in range(reader.number()):
        reader.number()  # how many locals of the type
        if data[reader.at] not in ONE_BYTE_TYPES:
            raise ValueError(f"a local of value type 0x{data[reader.at]:02x}, which this reader does not know")
        reader.at += 1
    return reader.at


def pad_largest(data: bytes, count: int, past: int = OMG_LIMIT) -> bytes:
    """The module ``data`` with its ``count`` largest function bodies made ``past + 1`` bytes long.

    Each body gets, after its locals, a block whose first instruction branches to its end over as many
    nops as it takes: nothing added ever runs, and every other byte of the module (every other section and
    body) is kept as it was. Only the code section's sizes change; the runtime has no section that points
    into it (no names, no debugging information). Raises ``ValueError`` where a chosen body is already longer.
    """
    chosen = function_sizes(data)[:count]
    if any(size > past for size, _, _ in chosen):
        raise ValueError(f"a body of the {count} largest is already longer than {past:,} bytes")
    chosen_indexes = {index for _, index, _ in chosen}
    first = min(index for _, index, _ in function_sizes(data))  # the first defined function, after the imports
    out = bytearray(data[:8])
    for kind, reader, end in sections(data):
        start = reader.at
        if kind != CODE:
            out += bytes([kind]) + leb(end - start) + data[start:end]
            continue
        bodies = bytearray(leb(reader.number()))
        index = first
        while reader.at < end:
            size = reader.number()
            body = data[reader.at:reader.at + size]
            if index in chosen_indexes:
                split = _locals_end(data, reader.at) - reader.at
                nops = past + 1 - size - len(SKIP_START) - len(SKIP_END)
                body = body[:split] + SKIP_START + bytes([NOP]) * nops + SKIP_END + body[split:]
            bodies += leb(len(body)) + body
            reader.at += size
            index += 1
        out += bytes([kind]) + leb(len(bodies)) + bodies
    padded = bytes(out)
    before = {index: size for size, index, _ in function_sizes(data)}
    after = {index: size for size, index, _ in function_sizes(padded)}
    if before.keys() != after.keys() or any(after[i] != (past + 1 if i in chosen_indexes else before[i])
                                            for i in before):
        raise AssertionError("padding changed a body it was not meant to")  # a defect of this function
    return padded


def main() -> None:
    """Prints the module's function count, its code's size, and its largest functions (after padding, with
    ``--pad``)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("module", nargs="?", type=pathlib.Path, default=RUNTIME)
    parser.add_argument("--top", type=int, default=12)
    parser.add_argument("--pad", type=int, default=0, metavar="N", help="pad the N largest bodies (with --out)")
    parser.add_argument("--past", type=int, default=OMG_LIMIT, help="the length they are padded past")
    parser.add_argument("--out", type=pathlib.Path, help="where the padded module goes")
    args = parser.parse_args()
    data = args.module.read_bytes()
    if args.pad:
        if args.out is None:
            parser.error("--pad needs --out")
        data = pad_largest(data, args.pad, args.past)
        args.out.write_bytes(data)
        args.module = args.out
    functions = function_sizes(data)
    total = sum(size for size, _, _ in functions)
    print(f"{args.module}: {len(functions)} functions, {total / 1e6:.2f} MB of code; the largest:")
    for size, index, name in functions[:args.top]:
        print(f"  {size:>7,} bytes  function {index:>5}  {name or '(not exported)'}")


if __name__ == "__main__":
    main()
