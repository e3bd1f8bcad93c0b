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
import threading
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
    # Two thread slots, each solving on its caller's thread: the bots' and the hand
    # analysis's (below).
    lib.SetMaxThreads(2)
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
BOTS_SLOT = 0
_slot_locks = (threading.Lock(), threading.Lock())


def _deal(hands: Sequence[int], trump: int | None, leader: int, trick: Sequence[int]) -> _Deal:
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
    return deal


def _cards(future: _FutureTricks) -> dict[int, int]:
    """Engine card index -> score, each DDS card spread over the cards equal to it."""
    out: dict[int, int] = {}
    for i in range(future.cards):
        suit = 3 - future.suit[i]
        holding = (1 << future.rank[i]) | future.equals[i]
        score = future.score[i]
        for rank in range(2, 15):
            if holding >> rank & 1:
                out[suit * 13 + rank - 2] = score
    return out


def _solve_board(deal: _Deal, target: int, solutions: int, slot: int) -> _FutureTricks:
    future = _FutureTricks()
    with _slot_locks[slot]:
        # mode 1: search even when one card is legal.
        code = _lib.SolveBoard(deal, target, solutions, 1, ctypes.byref(future), slot)
    if code != 1:
        raise RuntimeError(f"DDS SolveBoard failed with code {code}")
    return future


def solve(hands: Sequence[int], trump: int | None, leader: int, trick: Sequence[int]) -> dict[int, int]:
    """Tricks still to come that the side to move takes with best play, per card it may play.

    ``hands`` are the four seats' remaining cards (engine masks), ``leader`` leads
    the trick in progress and ``trick`` holds the card indices already played to it.
    """
    # target -1, solutions 3: the score of every card.
    return _cards(_solve_board(_deal(hands, trump, leader, trick), -1, 3, BOTS_SLOT))


# ----------------------------------------------------------------- hand analysis
#
# The analysis of finished hands (the analysis app) solves on a thread slot of its own:
# in embedded mode its worker thread runs beside the bots' in one process, and a slot
# (its transposition table) is not safe for two callers at once. DDS's batch functions
# (CalcDDtable, CalcAllTables) spread over every slot, the bots' too, so the deal's table
# is one SolveBoard per trump and leader here: the same solves, the transposition table
# kept from one leader to the next of a trump as CalcDDtable keeps it, and no more
# CPU than CalcDDtable's 20 (which solve no-trump too).


class _PlayTrace(ctypes.Structure):
    _fields_ = [("number", ctypes.c_int), ("suit", ctypes.c_int * 52), ("rank", ctypes.c_int * 52)]


class _SolvedPlay(ctypes.Structure):
    _fields_ = [("number", ctypes.c_int), ("tricks", ctypes.c_int * 53)]


_lib.AnalysePlayBin.argtypes = (_Deal, _PlayTrace, ctypes.POINTER(_SolvedPlay), ctypes.c_int)


def _analysis_slot() -> int:
    # DDS grants fewer slots than asked on a one-core machine: the analysis then takes
    # turns with the bots on theirs.
    future = _FutureTricks()
    code = _lib.SolveBoard(_deal((1, 2, 4, 8), 0, 0, ()), -1, 1, 1, ctypes.byref(future), 1)
    return 1 if code == 1 else BOTS_SLOT


ANALYSIS_SLOT = _analysis_slot()


def leader_tricks(hands: Sequence[int], trump: int | None, leader: int, slot: int = ANALYSIS_SLOT) -> int:
    """Tricks the leader's side takes with best play from a trick's first card, solved on
    ``slot`` (the analysis's unless the bots' is given)."""
    return _solve_board(_deal(hands, trump, leader, ()), -1, 1, slot).score[0]


def table(hands: Sequence[int], leaders: Sequence[int],
          trumps: Sequence[int] = range(4)) -> dict[tuple[int, int], int]:
    """(trump, leader) -> tricks of the leader's side with best play, for each of ``trumps``
    and each of ``leaders`` (13 cards a seat: the deal's double-dummy table)."""
    # Trump by trump: DDS keeps its transposition table while only the leader changes, so
    # the last pair asked warms it for a solve of the same deal that follows.
    return {(trump, leader): leader_tricks(hands, trump, leader) for trump in trumps for leader in leaders}


def analyse_play(hands: Sequence[int], trump: int, leader: int, plays: Sequence[int]) -> list[int]:
    """The tricks the opening leader's side takes with best play from the deal, before the
    first card and after each of ``plays`` (every card played, in order, from the
    ``leader``'s lead), counting the tricks already won: DDS's AnalysePlayBin, one call."""
    trace = _PlayTrace()
    trace.number = len(plays)
    for k, card in enumerate(plays):
        trace.suit[k] = _DDS_SUIT[card // 13]
        trace.rank[k] = card % 13 + 2
    solved = _SolvedPlay()
    with _slot_locks[ANALYSIS_SLOT]:
        code = _lib.AnalysePlayBin(_deal(hands, trump, leader, ()), trace, ctypes.byref(solved),
                                   ANALYSIS_SLOT)
    if code != 1:
        raise RuntimeError(f"DDS AnalysePlayBin failed with code {code}")
    # DDS counts for the other side (bridge's declarer, whose left hand leads), and stops
    # after the 12th trick: the last one is forced, its cards change nothing.
    values = [13 - solved.tricks[k] for k in range(solved.number)]
    return values + [values[-1]] * (len(plays) + 1 - solved.number)


def best_cards(hands: Sequence[int], trump: int, leader: int, trick: Sequence[int], target: int) -> list[int]:
    """The cards that take ``target`` tricks (the most there are to take: the position's
    double-dummy value) for the side to move, from a position as ``solve`` takes it."""
    return sorted(_cards(_solve_board(_deal(hands, trump, leader, trick), target, 2, ANALYSIS_SLOT)))
