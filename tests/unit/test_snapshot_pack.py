"""tools/snapshot_pack.py: the snapshot as shipped (issue 29, item 1: fewer
bytes before ready) is the heap XOR the wasm's initial memory, with
dlmalloc's free chunks zeroed; unpacking gives back exactly that heap."""

import hashlib
import struct
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import snapshot_pack as sp  # noqa: E402

WASM = ROOT / "node_modules" / "pyodide" / "pyodide.asm.wasm"


def chunk(size, in_use, fill=0xAB, prev_in_use=True):
    """One dlmalloc chunk (wasm32): prev_foot, head (size | CINUSE | PINUSE), payload."""
    head = size | (sp.CINUSE if in_use else 0) | (sp.PINUSE if prev_in_use else 0)
    return struct.pack("<II", 0, head) + bytes([fill]) * (size - 8)


def heap_of(*chunks, base=64, slack=256):
    return bytearray(bytes([0x11]) * base + b"".join(chunks) + bytes(slack))


def test_free_chunks_are_zeroed_past_the_words_dlmalloc_reads_and_nothing_else():
    used, free, small_free, top = chunk(48, True), chunk(96, False, 0xCD), chunk(24, False, 0xEE), chunk(40, False, 0x77)
    heap = heap_of(used, free, small_free, chunk(16, True, 0x22), top)
    before = bytes(heap)
    zeroed = sp.zero_free_chunks(heap, 64)
    assert zeroed == (96 - 32) + (40 - 32)  # a chunk of 24 bytes has nothing past its 32
    assert heap[:64 + 48] == before[:64 + 48]  # the bytes before the heap and the used chunk
    f = 64 + 48
    assert heap[f:f + 32] == before[f:f + 32]  # prev_foot, head, fd, bk, child[2], parent, index
    assert heap[f + 32:f + 96] == bytes(64)
    assert heap[f + 96:f + 96 + 24 + 16] == before[f + 96:f + 96 + 24 + 16]  # the small free one and a used one
    t = f + 96 + 24 + 16
    assert heap[t:t + 32] == before[t:t + 32] and heap[t + 32:t + 40] == bytes(8)


def test_a_walk_that_does_not_check_out_zeroes_nothing():
    odd = bytearray(chunk(96, False))
    struct.pack_into("<I", odd, 4, 8 | sp.CINUSE)  # a chunk smaller than dlmalloc's least (16)
    stops_early = chunk(48, True) + struct.pack("<II", 0, 0) + bytes([0x55]) * 512  # data past a size of 0
    for heap in (heap_of(chunk(48, True), bytes(odd)), heap_of(stops_early, slack=0)):
        before = bytes(heap)
        assert sp.zero_free_chunks(heap, 64) == 0
        assert bytes(heap) == before


def test_xor_with_the_initial_image_round_trips():
    image = bytes(range(256)) * 3 + b"\x01\x02\x03"  # a length that is no multiple of 4
    heap = bytearray(bytes(reversed(range(256))) * 10)
    original = bytes(heap)
    sp.xor_into(heap, image)
    assert heap[:len(image)] != original[:len(image)] and heap[len(image):] == original[len(image):]
    sp.xor_into(heap, image)
    assert bytes(heap) == original
    with pytest.raises(sp.PackError):
        sp.xor_into(bytearray(10), image)


@pytest.mark.skipif(not WASM.is_file(), reason="node_modules not installed (make setup / npm ci)")
def test_the_vendored_wasm_is_read_data_segments_below_the_stack_and_heap():
    layout = sp.read_wasm(WASM.read_bytes())
    assert layout.initial_memory == 480 * sp.WASM_PAGE
    image = sp.initial_image(layout)
    assert 1_000_000 < len(image) < layout.heap_base < layout.initial_memory
    offsets = [offset for offset, _ in layout.segments]
    assert offsets == sorted(offsets) and offsets[0] >= 1024  # wasm-ld's global base
    # every segment is in the image, where the wasm puts it
    for offset, data in layout.segments[::997]:
        assert image[offset:offset + len(data)] == data


@pytest.mark.skipif(not WASM.is_file(), reason="node_modules not installed (make setup / npm ci)")
def test_a_wasm_of_another_shape_is_refused_with_the_reason():
    data = WASM.read_bytes()
    with pytest.raises(sp.PackError, match="not a wasm"):
        sp.read_wasm(b"\0elf" + data[4:])
    # a passive data segment (kind 1) where an active one was
    layout_at = data.index(b"\x41\x80\x08\x0b")  # the first segment's offset: i32.const 1024; end
    flag_at = layout_at - 1
    assert data[flag_at] == 0
    passive = data[:flag_at] + b"\x01" + data[flag_at + 1:]
    with pytest.raises(sp.PackError, match="kind 1"):
        sp.read_wasm(passive)


def test_pack_then_unpack_gives_the_heap_with_free_memory_zeroed(monkeypatch):
    """A made-up snapshot: header, a data region the 'wasm' writes, a heap of chunks."""
    layout = sp.WasmLayout(initial_memory=65536, segments=((16, b"static data"), (40, b"more")), heap_base=64)
    heap = bytearray(b"\0" * 16 + b"static data" + b"\0" * 13 + b"MORE" + b"\0" * 20)  # one changed segment
    heap += chunk(48, True) + chunk(96, False, 0xCD) + chunk(40, False)
    heap += bytes(65536 - len(heap))
    raw = b"H" * 32 + bytes(heap)
    monkeypatch.setattr(sp, "read_wasm", lambda _bytes: layout)
    shipped, info = sp.pack(raw, 32, b"")
    image = sp.initial_image(layout)
    assert info["base_bytes"] == len(image) == 44 and info["base_sha256"] == hashlib.sha256(image).hexdigest()
    assert info["free_zeroed"] == (96 - 32) + (40 - 32)
    assert shipped[:32] == raw[:32]  # Pyodide's header: as it was
    assert shipped[32 + 16:32 + 27] == bytes(11)  # the unchanged segment: zeros on the wire
    assert shipped[32 + 40:32 + 44] == bytes(a ^ b for a, b in zip(b"MORE", b"more"))
    restored = sp.unpack(shipped, 32, image)
    assert hashlib.sha256(restored).hexdigest() == info["restored_sha256"]
    expected = bytearray(raw)
    sp.zero_free_chunks(memoryview(expected)[32:], 64)
    assert restored == bytes(expected)


def test_zstd_round_trips_and_gives_the_same_bytes_every_time():
    data = bytes(100_000) + bytes(range(256)) * 50 + b"tablecheck" * 1000
    packed = sp.zstd_compress(data, 3)
    assert packed[:4] == b"\x28\xb5\x2f\xfd" and len(packed) < len(data) / 20
    assert sp.zstd_compress(data, 3) == packed
    assert sp.zstd_decompress(packed) == data
    with pytest.raises(sp.PackError, match="zstd -d"):
        sp.zstd_decompress(packed[:len(packed) // 2])
