"""Stored arrays read without numpy, for answers that must start in a blink.

Importing numpy takes 0.15-0.2 s on a small machine: more than half of the 0.3 s a
question asked at the table may take. A table file's payload is an ``.npz`` archive
written by numpy (uncompressed ``.npy`` entries in a zip file), which plain Python
reads directly: this module parses it with ``struct`` and serves each array as a
:class:`PlainArray`, a read-only view of the file's bytes with numpy-like indexing.
The store's :meth:`analysis.store.Store.load_plain` checks such arrays against their
declared layout with :func:`check_plain`, as it checks numpy arrays.
"""

from __future__ import annotations

import math
import re
import struct
import sys
from typing import Mapping

#: numpy's dtype names and the byte-order-explicit codes ``.npy`` headers use for them (little-endian),
#: with the ``memoryview.cast`` format that reads them.
DTYPES = {"float64": ("<f8", "d"), "float32": ("<f4", "f"), "int64": ("<i8", "q"), "int32": ("<i4", "i"),
          "int16": ("<i2", "h"), "int8": ("|i1", "b"), "uint64": ("<u8", "Q"), "uint32": ("<u4", "I"),
          "uint16": ("<u2", "H"), "uint8": ("|u1", "B"), "bool": ("|b1", "?")}
_BY_CODE = {code: (name, fmt) for name, (code, fmt) in DTYPES.items()}
_NPY_MAGIC = b"\x93NUMPY"
_NPY_HEADER = re.compile(r"\{'descr': '([<>|=][a-z]\d+)', 'fortran_order': (True|False), "
                         r"'shape': \(((?:\d+, ?)*\d*)\), \}")


class PlainArray:
    """An n-dimensional array of numbers in C order, without numpy.

    ``shape`` is a tuple; ``flat`` the values in C order (a ``memoryview`` of Python
    numbers); ``a[i, j]`` one value by its full index; ``a.row(i)`` the flat slice of
    every value under an index prefix; ``tolist()`` nested lists as numpy gives them.
    """

    __slots__ = ("shape", "flat", "dtype", "_strides")

    def __init__(self, flat, shape: tuple[int, ...], dtype: str):
        self.flat, self.shape, self.dtype = flat, tuple(shape), dtype
        strides, step = [], 1
        for length in reversed(self.shape):
            strides.append(step)
            step *= length
        self._strides = tuple(reversed(strides))

    @property
    def size(self) -> int:
        return len(self.flat)

    def _offset(self, index: tuple[int, ...]) -> int:
        offset = 0
        for i, length, stride in zip(index, self.shape, self._strides):
            if not -length <= i < length:
                raise IndexError(f"index {i} is out of range for an axis of length {length}")
            offset += (i % length) * stride
        return offset

    def __getitem__(self, index):
        index = index if isinstance(index, tuple) else (index,)
        if len(index) != len(self.shape):
            raise IndexError(f"give one index per axis ({len(self.shape)}); use row() for a slice")
        return self.flat[self._offset(index)]

    def row(self, *prefix: int):
        """The values under ``prefix`` (fewer indices than axes), flat in C order."""
        if len(prefix) > len(self.shape):
            raise IndexError(f"{len(prefix)} indices for {len(self.shape)} axes")
        start = self._offset(prefix)
        width = self._strides[len(prefix) - 1] if prefix else len(self.flat)
        return self.flat[start:start + width]

    def tolist(self):
        values = self.flat.tolist()
        for length in reversed(self.shape[1:]):
            values = [values[i:i + length] for i in range(0, len(values), length)]
        return values if self.shape else values[0]

    def __len__(self) -> int:
        return self.shape[0]

    def __repr__(self) -> str:
        return f"PlainArray(shape={self.shape}, dtype={self.dtype})"


def read_npz(payload: bytes) -> dict[str, PlainArray]:
    """The arrays of an uncompressed ``.npz`` archive, as numpy's ``savez`` writes it.

    Raises ValueError for anything else (a compressed entry, big-endian or Fortran-ordered
    data, a damaged archive): the caller then takes the numpy path, which reads every case.
    """
    if sys.byteorder != "little":
        raise ValueError("plain reading supports little-endian machines only")
    view = memoryview(payload)
    end = payload.rfind(b"PK\x05\x06")
    if end < 0 or end + 22 > len(payload):
        raise ValueError("no end of the zip directory")
    entries, directory_size, directory_at = struct.unpack_from("<10xHII", payload, end)
    arrays: dict[str, PlainArray] = {}
    at = directory_at
    for _ in range(entries):
        (signature, method, size, name_length, extra_length, comment_length,
         local_at) = struct.unpack_from("<I6xH8x4xIHHH8xI", payload, at)
        if signature != 0x02014B50 or method != 0:
            raise ValueError("a zip entry that is compressed or damaged")
        name = bytes(view[at + 46:at + 46 + name_length]).decode()
        at += 46 + name_length + extra_length + comment_length
        local_name, local_extra = struct.unpack_from("<26xHH", payload, local_at)
        start = local_at + 30 + local_name + local_extra
        if not name.endswith(".npy") or size == 0xFFFFFFFF or start + size > len(payload):
            raise ValueError(f"zip entry {name!r} is not a readable .npy file")
        arrays[name[:-4]] = _read_npy(view[start:start + size])
    return arrays


def _read_npy(data: memoryview) -> PlainArray:
    if bytes(data[:6]) != _NPY_MAGIC:
        raise ValueError("not an .npy entry")
    major = data[6]
    if major == 1:
        (header_length,), at = struct.unpack_from("<H", data, 8), 10
    else:
        (header_length,), at = struct.unpack_from("<I", data, 8), 12
    header = bytes(data[at:at + header_length]).decode("latin-1").strip()
    found = _NPY_HEADER.fullmatch(header)
    if found is None or found.group(1) not in _BY_CODE or found.group(2) == "True":
        raise ValueError(f"an .npy header plain reading does not support: {header}")
    dtype, fmt = _BY_CODE[found.group(1)]
    shape = tuple(int(n) for n in found.group(3).replace(" ", "").split(",") if n)
    values = data[at + header_length:]
    if len(values) != math.prod(shape) * struct.calcsize(fmt):
        raise ValueError("an .npy entry whose length does not match its shape")
    return PlainArray(values.cast(fmt), shape, dtype)


def check_plain(layout: Mapping, params: Mapping, arrays: Mapping[str, PlainArray]) -> str | None:
    """What is wrong with ``arrays`` for a table's declared layout (as ``store.check_arrays``), or None."""
    missing = sorted(name for name, spec in layout.items() if name not in arrays and not spec.optional)
    extra = sorted(set(arrays) - set(layout))
    if missing or extra:
        return "arrays missing or not part of the table"
    for name, values in arrays.items():
        spec = layout[name]
        if values.dtype != spec.dtype:
            return f"array {name} holds {values.dtype}, not {spec.dtype}"
        wanted = tuple(params[axis] if isinstance(axis, str) else axis for axis in spec.shape)
        if len(values.shape) != len(wanted) or any(w is not None and w != n for w, n in zip(wanted, values.shape)):
            return f"array {name} has shape {values.shape}"
        if spec.nonzero and not any(values.flat):     # an empty array too: it holds no value that is not zero
            return f"array {name} holds nothing but zeros"
        if not values.size:
            continue
        if values.dtype.startswith("float") and not math.isfinite(sum(values.flat)):
            # Values this store keeps are bounded, so a sum that is not finite means a NaN or an infinity.
            return f"array {name} holds a value that is not a finite number"
        if spec.within is not None:
            low, high = spec.within
            slack = 1e-9 * max(1.0, abs(low), abs(high))
            if min(values.flat) < low - slack or max(values.flat) > high + slack:
                return f"array {name} holds values outside [{low}, {high}]"
        if spec.sums_to_one is not None and not _sums_to_one(values, spec.sums_to_one):
            return f"array {name} is not a distribution"
    return None


def _sums_to_one(values: PlainArray, axis: int) -> bool:
    axis %= len(values.shape)
    length, stride = values.shape[axis], values._strides[axis]
    block = length * stride
    flat = values.flat
    for base in range(0, len(flat), block):
        for inner in range(stride):
            start = base + inner
            if abs(sum(flat[start:start + block:stride]) - 1.0) > 1e-9:
                return False
    return True
