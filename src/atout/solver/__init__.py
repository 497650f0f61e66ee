"""Double-dummy solving for every game: what each card is worth with all hands known.

* :func:`solve` -- each legal action's value from any position of the play,
  mid-trick included: the further tricks the side to play takes with best
  play by all (Court Circular: the further points difference; Five Hundred
  misère: whether the contractor is forced to take a trick, 1, or not, 0).
* :func:`dd_table` -- tricks per strain and per declarer (bridge) or leader
  (Court Piece) for a deal, and :func:`par` for bridge.
* :func:`claim_is_proven` -- whether a claim is sure whatever the defence
  does; it fits :attr:`atout.games.bridge.BridgeRules.claim_prover`.

52-card trick games go to DDS through endplay (Bridge, Court Piece, Five
Hundred suit contracts mapped onto 52-card ranks); our own alpha-beta search
(:mod:`atout.solver.search`, in C where the kernel was built) solves what DDS
cannot express (Five Hundred no-trumps with the joker, misère). The rules
never call the solver.

>>> import random
>>> from atout.games import get_game
>>> cp = get_game("court-piece")
>>> rules = cp.parse_rules({})
>>> state = cp.start(rules, cp.deal(rules, 0, random.Random(1)), cp.new_tally(rules))
>>> state = state.apply("trump H")
>>> values = solve(state)
>>> sorted(values) == sorted(state.legal_actions()) and max(values.values()) <= 13
True
"""

from __future__ import annotations

from typing import Any

from atout.solver.project import Projection, project

__all__ = [
    "claim_is_proven",
    "dd_table",
    "par",
    "solve",
    "solve_projection",
]

STRAINS = ("C", "D", "H", "S", "NT")
"""The strains of a DD table, in bidding order."""
_DDS_INDEX = {"S": 0, "H": 1, "D": 2, "C": 3, "NT": 4}


def solve(state: Any) -> dict[str, int]:
    """Each legal action of the seat to play -> its double-dummy value (see the module doc).

    Actions come in the game's canonical order. Only lawful cards are
    scored (a Court Piece table in ``honour_mode`` also allows reneges).
    """
    from atout.games.court_circular import CourtCircularState  # noqa: PLC0415

    if isinstance(state, CourtCircularState):
        from atout.solver.circular import solve_circular  # noqa: PLC0415

        return solve_circular(state)
    values = solve_projection(project(state))
    return {a: values[a] for a in state.legal_actions() if a in values}


def solve_projection(proj: Projection) -> dict[str, int]:
    """:func:`solve` for a projected position (bots that sample deals build these directly)."""
    from atout.solver.search import MisereSearcher, solve_moves  # noqa: PLC0415

    if proj.dds:
        from atout.solver.dds import dds_solve  # noqa: PLC0415

        scores = dds_solve(proj.hands, proj.trump, proj.leader, proj.trick)
        return {proj.action(card): tricks for card, tricks in scores.items()}
    pos = proj.position()
    if proj.misere:
        out: dict[str, int] = {}
        searcher = MisereSearcher(pos)
        for move in pos.legal_moves():
            pos.play(move)
            out[proj.action(move)] = int(searcher.is_set())
            pos.undo()
        return out
    return {proj.action(m): v for m, v in solve_moves(pos).items()}


def claim_is_proven(state: Any, tricks: int, *, side: int | None = None) -> bool:
    """Whether ``side`` (default: bridge declarer's side) surely takes ``tricks`` more tricks.

    The count includes the trick in progress, as a bridge claim does; the
    answer is double dummy, so a claim it proves cannot fail whatever the
    defenders hold or do. Fits ``BridgeRules.claim_prover``.
    """
    if side is None:
        declarer = getattr(state, "declarer", None)
        if declarer is None:
            raise ValueError("name the claiming side: this game has no declarer")
        side = declarer % 2
    if tricks <= 0:
        return True
    proj = project(state)
    left = proj.hands[proj.leader].bit_count() + (1 if proj.trick else 0)
    if tricks > left:
        return False
    to_move = proj.turn % 2
    # Ask the side to move: "can you reach n?", as DDS's target mode does.
    need = tricks if to_move == side else left - tricks + 1
    if proj.dds:
        from atout.solver.dds import dds_solve  # noqa: PLC0415

        scores = dds_solve(
            proj.hands, proj.trump, proj.leader, proj.trick, target=need, solutions=1
        )
        reached = any(score >= need for score in scores.values())
    else:
        from atout.solver.search import reaches  # noqa: PLC0415

        reached = reaches(proj.position(), to_move, need)
    return reached if to_move == side else not reached


def dd_table(state: Any) -> dict[str, dict[str, int]]:
    """The deal's double-dummy table, before any card is played.

    Bridge: ``{strain: {seat letter: tricks declarer takes}}`` for strains
    ``C D H S NT``. Court Piece: ``{suit: {seat: tricks the seat's side
    takes when it leads}}`` for the four trump suits (there is no no-trump),
    seats ``"0".."3"``; the first side to 7 wins the deal, and 13 is a Bavney.
    """
    from atout.games.bridge import BridgeState  # noqa: PLC0415
    from atout.games.court_piece import CourtPieceState  # noqa: PLC0415
    from atout.solver.dds import dds_table  # noqa: PLC0415

    if isinstance(state, BridgeState):
        table = dds_table(_dealt_hands(state))
        return {s: {"NESW"[d]: table[_DDS_INDEX[s]][d] for d in range(4)} for s in STRAINS}
    if isinstance(state, CourtPieceState):
        table = dds_table(_dealt_hands(state))
        # DDS counts for a declarer whose left-hand opponent leads: the leader's
        # side takes what declarer's side does not.
        return {
            s: {str(x): 13 - table[_DDS_INDEX[s]][(x + 3) % 4] for x in range(4)}
            for s in STRAINS[:4]
        }
    raise ValueError(f"a DD table is for bridge and Court Piece deals, not {type(state).__name__}")


def par(state: Any) -> dict[str, Any]:
    """Bridge par (DDS via endplay): ``{"score": NS points, "contracts": [...]}``."""
    from atout.solver.dds import dds_par, dds_table  # noqa: PLC0415

    table = dds_table(_dealt_hands(state))
    found = dds_par(table, tuple(state.vulnerable), state.deal.dealer)
    return {"score": found.score, "contracts": list(found.contracts)}


def _dealt_hands(state: Any) -> tuple[int, ...]:
    from atout.cards import mask_of  # noqa: PLC0415

    return tuple(mask_of(h) for h in state.deal.hands)
