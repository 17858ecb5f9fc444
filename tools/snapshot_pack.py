"""How the build packs a Pyodide memory snapshot for the wire (issue 29).

A raw snapshot is Pyodide's header followed by the whole heap (31.5 MB). Two
things in it need not be sent:

- **The wasm's data segments.** The first few MB of the heap are the static
  data of the interpreter (C tables, frozen modules, strings), laid there by
  the wasm's active data segments when it is instantiated, and the page
  downloads them anyway, inside pyodide.asm.wasm. The shipped file holds the
  heap XOR that initial image (`initial_image`): where the heap still equals
  it, zeros. static/js/boot/pyodide.mjs copies the wasm memory right after
  instantiation, before any code runs, which is exactly that image, checks
  its SHA-256 against snapshot.json `base_sha256` and XORs it back.
- **Garbage in free memory.** Pyodide's CPython has no pymalloc
  (WITH_PYMALLOC 0): every object comes from Emscripten's dlmalloc, whose
  free chunks keep what was in them. `zero_free_chunks` walks dlmalloc's
  chunks from `__heap_base` and zeroes each free chunk past its first 32
  bytes (prev_foot, head, fd, bk, and a tree chunk's child[2], parent,
  index: the only words dlmalloc reads of a free chunk). The chunk's size is
  also kept in the next chunk's prev_foot, which is not touched. A walk that
  does not end cleanly at the heap's top zeroes nothing.

Both are pure functions of bytes, so the same inputs still give the same
file. The result is compressed with Zstandard (`zstd -19`, the command
line tool from Debian's zstd package, tools/setup.sh): 3.7 MB against
gzip -9's 5.0 MB. The page decodes it with the vendored zstddec (libzstd
in wasm; static/js/boot/unpack.mjs, about 80 ms of a worker of its own for
the 31 MB in Chromium, against 150 ms for a native gunzip of the same heap).
Standard library only.
"""

import hashlib
import shutil
import struct
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

WASM_PAGE = 65536
CHUNK_ALIGN = 8  # dlmalloc on wasm32: 8-byte chunks
PINUSE, CINUSE = 1, 2  # dlmalloc's head bits: previous chunk in use, this chunk in use
FREE_KEEP = 32  # bytes of a free chunk dlmalloc reads (8 words of 4 bytes)
TOP_SLACK = 64  # a walk may end this close to the last non-zero byte (the top's fenceposts)
ZSTD_LEVEL = 19  # -19: 3.7 MB; --ultra -22 saves 1% more for twice the time


class PackError(ValueError):
    """The wasm is not of the shape this packing reads."""


def leb128(data, i, signed=False):
    """(the LEB128 number at data[i], the index after it)."""
    value = shift = 0
    while True:
        byte = data[i]
        i += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if not byte & 0x80:
            if signed and byte & 0x40:
                value -= 1 << shift
            return value, i


def _i32_const(data, i):
    """An init expression that is `i32.const N; end`: (N, next index)."""
    if data[i] != 0x41:
        raise PackError("a data segment or global whose offset is not an i32.const")
    value, i = leb128(data, i + 1, signed=True)
    if data[i] != 0x0B:
        raise PackError("an init expression longer than one i32.const")
    return value, i + 1


@dataclass(frozen=True)
class WasmLayout:
    initial_memory: int  # bytes of linear memory the module starts with
    segments: tuple  # ((offset, bytes), ...) of its active data segments, in order
    heap_base: int  # where malloc's heap begins (the `__heap_base` export)


def _skip_import(data, j):
    for _ in range(2):  # module and field names
        n, j = leb128(data, j)
        j += n
    kind = data[j]
    j += 1
    if kind == 0:  # function: type index
        return leb128(data, j)[1], None
    if kind == 1:  # table: reftype, limits
        j += 1
    if kind in (1, 2):  # limits: flags, min, [max]
        flags = data[j]
        _, j = leb128(data, j + 1)
        if flags & 1:
            _, j = leb128(data, j)
        return j, None
    if kind == 3:  # global: valtype, mutability
        return j + 2, "global"
    if kind == 4:  # tag: attribute, type index
        return leb128(data, j + 1)[1], None
    raise PackError(f"an import of unknown kind {kind}")


def read_wasm(data):
    """The layout of a wasm module's memory (its bytes)."""
    if data[:4] != b"\0asm":
        raise PackError("not a wasm module")
    i, imported_globals, globals_, exports, segments, initial = 8, 0, [], {}, [], None
    while i < len(data):
        section = data[i]
        size, i = leb128(data, i + 1)
        end = i + size
        count, j = (leb128(data, i) if section in (2, 5, 6, 7, 11) else (0, i))
        if section == 2:
            for _ in range(count):
                j, kind = _skip_import(data, j)
                imported_globals += kind == "global"
        elif section == 5 and count:
            pages, _ = leb128(data, j + 1)  # flags, then the minimum
            initial = pages * WASM_PAGE
        elif section == 6:
            for _ in range(count):
                j += 2  # valtype, mutability
                if data[j] == 0x41:
                    value, j = _i32_const(data, j)
                else:  # another type: not an address
                    value = None
                    while data[j] != 0x0B:
                        j += 1
                    j += 1
                globals_.append(value)
        elif section == 7:
            for _ in range(count):
                n, j = leb128(data, j)
                name = data[j:j + n].decode("utf-8")
                kind, (index, j) = data[j + n], leb128(data, j + n + 1)
                if kind == 3:
                    exports[name] = index
        elif section == 11:
            for _ in range(count):
                flag, j = leb128(data, j)
                if flag != 0:
                    raise PackError(f"a data segment of kind {flag} (only active segments of memory 0 are read)")
                offset, j = _i32_const(data, j)
                n, j = leb128(data, j)
                segments.append((offset, bytes(data[j:j + n])))
                j += n
        i = end
    if initial is None:
        raise PackError("no memory section (an imported memory is not read)")
    index = exports.get("__heap_base")
    if index is None or index < imported_globals or globals_[index - imported_globals] is None:
        raise PackError("no __heap_base export")
    return WasmLayout(initial, tuple(segments), globals_[index - imported_globals])


def initial_image(layout):
    """The memory the wasm's instantiation writes: zeros and its data
    segments, up to the last byte any segment writes."""
    end = max((offset + len(chunk) for offset, chunk in layout.segments), default=0)
    image = bytearray(end)
    for offset, chunk in layout.segments:
        image[offset:offset + len(chunk)] = chunk
    return bytes(image)


def xor_into(heap, image):
    """heap[:len(image)] ^= image, in place."""
    n = len(image)
    if n > len(heap):
        raise PackError("the wasm's data reaches past the heap")
    mixed = int.from_bytes(heap[:n], "little") ^ int.from_bytes(image, "little")
    heap[:n] = mixed.to_bytes(n, "little")


def free_chunks(heap, heap_base):
    """[(address, size)] of dlmalloc's free chunks, walking from heap_base,
    or None when the walk does not end at the heap's top."""
    last = len(bytes(heap).rstrip(b"\0"))
    p, found = heap_base, []
    while p + 8 <= len(heap):
        head = struct.unpack_from("<I", heap, p + 4)[0]
        size = head & ~(CHUNK_ALIGN - 1)
        if size == 0 or p + size > len(heap):
            break
        if size < 16:  # dlmalloc's least chunk
            return None
        if not head & CINUSE:
            found.append((p, size))
        p += size
    if not found or p + TOP_SLACK < last:
        return None  # stopped inside the heap: not dlmalloc's chunks as read here
    return found


def zero_free_chunks(heap, heap_base):
    """Zero every free chunk of `heap` (a bytearray) past its first 32
    bytes; returns how many bytes were zeroed (0: the walk did not check out)."""
    chunks = free_chunks(heap, heap_base)
    if not chunks:
        return 0
    zeroed = 0
    for p, size in chunks:
        if size > FREE_KEEP:
            heap[p + FREE_KEEP:p + size] = bytes(size - FREE_KEEP)
            zeroed += size - FREE_KEEP
    return zeroed


def pack(raw, heap_offset, wasm_bytes):
    """(the bytes to gzip and ship, what snapshot.json says of them) for a
    raw snapshot whose heap begins at `heap_offset`."""
    layout = read_wasm(wasm_bytes)
    image = initial_image(layout)
    shipped = bytearray(raw)
    heap = memoryview(shipped)[heap_offset:]
    zeroed = zero_free_chunks(heap, layout.heap_base)
    restored = hashlib.sha256(shipped).hexdigest()  # what the page's heap becomes
    xor_into(heap, image)
    heap.release()
    return bytes(shipped), {"base_bytes": len(image), "base_sha256": hashlib.sha256(image).hexdigest(),
                            "free_zeroed": zeroed, "restored_sha256": restored}


def unpack(shipped, heap_offset, image):
    """The snapshot the page restores, from the shipped bytes (for tests and tools)."""
    raw = bytearray(shipped)
    heap = memoryview(raw)[heap_offset:]
    xor_into(heap, image)
    heap.release()
    return bytes(raw)


# -- Zstandard, by the command line tool --------------------------------------------

def _zstd(*args, data):
    tool = shutil.which("zstd")
    if not tool:
        raise PackError("the zstd command is not installed (Debian: apt-get install zstd; tools/setup.sh does)")
    with tempfile.TemporaryDirectory() as work:
        source, out = Path(work) / "in", Path(work) / "out"
        source.write_bytes(data)  # a file, not a pipe: the frame then records its size
        done = subprocess.run([tool, *args, "-q", "-f", str(source), "-o", str(out)],
                              capture_output=True, text=True, check=False)
        if done.returncode != 0:
            raise PackError(f"zstd {' '.join(args)}: {done.stderr.strip() or done.returncode}")
        return out.read_bytes()


def zstd_compress(data, level=ZSTD_LEVEL):
    """One Zstandard frame of `data` (single-threaded: the same bytes every time)."""
    return _zstd(f"-{level}", "--single-thread", data=data)


def zstd_decompress(data):
    return _zstd("-d", data=data)


def zstd_version():
    """The tool's version (a snapshot's cache key: another zstd may pack other bytes)."""
    tool = shutil.which("zstd")
    if not tool:
        return "none"
    return subprocess.run([tool, "-V"], capture_output=True, text=True, check=False).stdout.strip()
