"""Double-dummy solving with Bo Haglund's DDS, the C++ library that ``endplay`` ships.

Only its shared library is loaded (through ctypes): importing the ``endplay``
package would also import matplotlib and take seconds.  Tarneeb's play is
bridge's with a trump suit, so a position maps straight onto DDS's ``deal``:
seat s is DDS hand s (both play to the next number), seats 0 and 2 are
partners as North and South are.
"""

from __future__ import annotations

import ctypes
import importlib.util
import pathlib
from collections.abc import Sequence

# DDS numbers suits spades, hearts, diamonds, clubs; the engine clubs .. spades.
_DDS_SUIT = (3, 2, 1, 0)


class _Deal(ctypes.Structure):
    _fields_ = [
        ("trump", ctypes.c_int),
        ("first", ctypes.c_int),
        ("currentTrickSuit", ctypes.c_int * 3),
        ("currentTrickRank", ctypes.c_int * 3),
        ("remainCards", (ctypes.c_uint * 4) * 4),
    ]


class _FutureTricks(ctypes.Structure):
    _fields_ = [
        ("nodes", ctypes.c_int),
        ("cards", ctypes.c_int),
        ("suit", ctypes.c_int * 13),
        ("rank", ctypes.c_int * 13),
        ("equals", ctypes.c_int * 13),
        ("score", ctypes.c_int * 13),
    ]


def _load() -> ctypes.CDLL:
    spec = importlib.util.find_spec("endplay")
    if spec is None or not spec.submodule_search_locations:
        raise ImportError("the expert bot needs the endplay package (pip install endplay)")
    lib = ctypes.CDLL(str(pathlib.Path(spec.submodule_search_locations[0]) / "_dds" / "libdds.so"))
    lib.SetMaxThreads(1)  # one solve at a time, on the caller's thread
    lib.SolveBoard.argtypes = (
        _Deal,
        ctypes.c_int,
        ctypes.c_int,
        ctypes.c_int,
        ctypes.POINTER(_FutureTricks),
        ctypes.c_int,
    )
    return lib


_lib = _load()


def solve(hands: Sequence[int], trump: int | None, leader: int, trick: Sequence[int]) -> dict[int, int]:
    """Tricks still to come that the side to move takes with best play, per card it may play.

    ``hands`` are the four seats' remaining cards (engine masks), ``leader`` leads
    the trick in progress and ``trick`` holds the card indices already played to it.
    """
    deal = _Deal()
    deal.trump = 4 if trump is None else _DDS_SUIT[trump]
    deal.first = leader
    for k, card in enumerate(trick):
        deal.currentTrickSuit[k] = _DDS_SUIT[card // 13]
        deal.currentTrickRank[k] = card % 13 + 2
    for seat, mask in enumerate(hands):
        for suit in range(4):
            # The engine's 13 bits (two .. ace) are DDS's bits 2..14.
            deal.remainCards[seat][_DDS_SUIT[suit]] = ((mask >> (13 * suit)) & 0x1FFF) << 2
    future = _FutureTricks()
    # target -1, solutions 3: the score of every card; mode 1: search even when one card is legal.
    code = _lib.SolveBoard(deal, -1, 3, 1, ctypes.byref(future), 0)
    if code != 1:
        raise RuntimeError(f"DDS SolveBoard failed with code {code}")
    out: dict[int, int] = {}
    for i in range(future.cards):
        suit = 3 - future.suit[i]
        holding = (1 << future.rank[i]) | future.equals[i]
        score = future.score[i]
        for rank in range(2, 15):
            if holding >> rank & 1:
                out[suit * 13 + rank - 2] = score
    return out
