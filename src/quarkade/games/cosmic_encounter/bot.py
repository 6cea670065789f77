"""The Cosmic Encounter heuristic bot: it reads its view only.

- **Launch and alliances.** Four tokens in the cone; invite only players who are not close to
  winning; as an invited player join the offence when that gives a new base to a player who
  is not about to win, else the defence for its rewards, else decline.
- **Cards, planned with the Phase Diagram.** It estimates what it must reach (the other side's
  tokens plus a typical card, or the card itself when an Oracle's opponent shows it) and
  plays the card that reaches it at the least cost; a Quark's cost is its value over the
  squares to come, so a Quark about to rise is kept and one about to fall is spent. If no
  card reaches, it plays a Compromise (for consolation) or its cheapest card. Facing
  Anti-Matter (the lower total wins) it plays its lowest Attack.
- **Edicts and flares at their windows.** Mobius Tubes with three tokens in the warp, Cosmic
  Zap on its opponent's power, Plague on a leader two bases from winning, Force Field when
  the opposing allies outnumber its own; any flare whose effect helps it (a flare comes back
  to the hand), but Trader's.
- **Deals both sides gain from.** It offers its least useful card for one of the other side's
  and a base each way, and accepts any offer that gives it a base, paying with its least
  useful cards.
- **Placing its tokens.** A token going home strengthens its weakest foreign base (else its
  weakest home base); a token lost leaves its fullest base, a home one first, so no base is
  emptied while another can spare one; a deal's base takes its token from its fullest base.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from operator import itemgetter
from typing import Any, Final

from quarkade.core.bots import HEURISTIC_ABOUT, Bot, describe_limits, register_bot
from quarkade.core.game import Action, View
from quarkade.games.cosmic_encounter.actions import (
    Accept,
    Again,
    Aim,
    Ally,
    Decline,
    DrawAgain,
    Home,
    Invite,
    Launch,
    Lose,
    Offer,
    Pass,
    Play,
    PlayEdict,
    PlayFlare,
    Regroup,
    Reward,
    Settle,
    Timeout,
    Trade,
)
from quarkade.games.cosmic_encounter.commitments import shared
from quarkade.games.cosmic_encounter.components import (
    FLAVOURS,
    PLANETS,
    SQUARES,
    WIN_BASES,
    Edict,
    foreign_bases,
    fullest_sources,
)
from quarkade.games.cosmic_encounter.moves import PASS

_FINDER, _MOBIUS, _ZAP, _PLAGUE, _FORCE_FIELD = Edict.FINDER, Edict.MOBIUS, Edict.ZAP, Edict.PLAGUE, Edict.FORCE_FIELD
_TOKENS = itemgetter("tokens")
TYPICAL_CARD: Final = 10  # about the mean Attack value of the classic decks
LOOK_AHEAD: Final = 4  # squares of the Phase Diagram a Quark's worth is averaged over


def _own(legal: Sequence[Action], action: Action) -> Action:
    """The legal list's own action equal to ``action`` (the game applies an action it gave at
    once, without looking for it): for short lists."""
    return legal[legal.index(action)] if action in legal else action


def _last(legal: Sequence[Action], action: Action) -> Action:
    """The same, for an action the game lists last (an ally's decline, a deal's timeout)."""
    return legal[-1] if legal and legal[-1] == action else _own(legal, action)


def planet_index(name: str) -> int:
    """A planet's place on the board (and in the view's ``planets``) from its name, "s.p"."""
    system, planet = name.split(".")
    return int(system) * PLANETS + int(planet)


def card_worth(card: dict[str, Any], square: int | None) -> float:
    """What a card is worth keeping: an Attack its value, a Quark its value over the coming
    squares (the square after a turn passes, and the next few)."""
    if card["kind"] == "quark" and square is not None:
        flavour = FLAVOURS.index(card["flavour"])
        future = [int(card["printed"]) + SQUARES[(square + k) % 12][flavour] for k in range(1, LOOK_AHEAD + 1)]
        return sum(future) / len(future)
    return float(card.get("value", 0))


def keep_worth(card: dict[str, Any], square: int | None) -> float:
    """What a card is worth keeping when a deal is made: a challenge card its worth (a
    Compromise a middling card), an edict or a flare a good one."""
    if card["kind"] in ("attack", "quark"):
        return card_worth(card, square)
    return TYPICAL_CARD / 2 if card["kind"] == "compromise" else TYPICAL_CARD * 1.5


class CosmicHeuristic(Bot):
    kind = "heuristic"

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]  # nothing to weigh (at an edict window most seats can only pass)
        seat = view.seat
        assert seat is not None
        # The kind of the first action says which choice this is (read key by key from the
        # view: the parts it never reads are never made). Actions are final classes, so their
        # type finds the same handler a chain of isinstance checks would, in one look-up.
        first = legal[0]
        decide = _DECIDE.get(type(first))
        return first if decide is None else decide(self, view, seat, legal)

    def _launch(self, data: View, seat: int, legal: Sequence[Action]) -> Action:
        # Every action at the launch step is a launch, listed fewer tokens first: the last
        # launches the most.
        last = legal[-1]
        assert isinstance(last, Launch)
        return shared(Launch(self._sources(data, seat, len(last.sources))))

    def _trade(self, data: View, seat: int, legal: Sequence[Action]) -> Action:
        mine, theirs = self._hand_size(data, seat), self._hand_size(data, self._opponent(data, seat))
        return _own(legal, Trade(theirs > mine + 2))

    def _reward(self, data: View, seat: int, legal: Sequence[Action]) -> Action:
        warp = data["players"][seat]["warp"]
        most = max(a.cards for a in legal if isinstance(a, Reward))
        return _own(legal, Reward(max(0, most - warp)))

    def _again(self, data: View, seat: int, legal: Sequence[Action]) -> Action:
        return _own(legal, Again(True))

    # ----------------------------------------------------------------- helpers
    @staticmethod
    def _hand_size(data: View, seat: int) -> int:
        return int(data["players"][seat]["hand_size"])

    @staticmethod
    def _opponent(data: View, seat: int) -> int:
        e = data["encounter"]
        return int(e["defender"] if seat == data["offence"] else data["offence"])

    @staticmethod
    def _tokens(data: View, planet: str, seat: int) -> int:
        return int(data["planets"][planet_index(planet)]["tokens"][seat])

    def _regroup(self, data: View, seat: int, legal: Sequence[Action]) -> Action:
        # Strengthen the weakest foreign base, which is the one most at risk.
        def weight(action: Action) -> tuple[int, int]:
            assert isinstance(action, Regroup)
            row = data["planets"][action.planet]["tokens"]
            foreign = action.planet // 5 != seat
            return (0 if foreign and row[seat] else 1, row[seat])
        return min(legal, key=weight)

    def _aim(self, data: View, seat: int, legal: Sequence[Action]) -> Action:
        aims = [a for a in legal if isinstance(a, Aim)]
        if not aims:
            return legal[0]
        offence = data["offence"]

        def weight(action: Aim) -> tuple[int, int]:
            row = data["planets"][action.planet]["tokens"]
            return (row[offence] > 0, row[action.defender])
        return min(aims, key=weight)

    def _invite(self, data: View, seat: int, legal: Sequence[Action]) -> Action:
        safe = {p["seat"] for p in data["players"] if p["foreign_bases"] < WIN_BASES - 1}
        invites = [a for a in legal if isinstance(a, Invite)]
        return max(invites, key=lambda a: (set(a.seats) <= safe, len(a.seats)))

    @staticmethod
    def _sources(data: View, seat: int, count: int) -> tuple[int, ...]:
        """Tokens from the fullest bases, never the target planet (so no base is emptied)."""
        tokens = list(map(_TOKENS, data["planets"]))  # (read, never changed; picked out in C)
        return fullest_sources(tokens, seat, count, planet_index(data["encounter"]["target"]))

    def _ally(self, data: View, seat: int, legal: Sequence[Action]) -> Action:
        e = data["encounter"]
        # The most tokens it may commit to each side (0: not invited there). The game lists
        # each side's ways fewer tokens first, the offence's side first, then the decline: the
        # last way of each side is its largest (read alone, the list makes no other action).
        most = [0, 0]
        sides = len(e["invited"][seat])
        ways = (len(legal) - 1) // sides if sides else 0
        for block in range(sides if ways else 0):
            last = legal[(block + 1) * ways - 1]
            assert type(last) is Ally  # (a final class)
            most[last.side] = len(last.sources)
        gain = self._tokens(data, e["target"], seat) == 0 and int(e["target"].split(".")[0]) != seat
        # Whether the offence is near its win is asked only when joining the offence is in
        # question, and counted from the planets (read for the sources anyway) rather than
        # from the players part, made for every seat for the two numbers it gives here.
        if most[0] and gain:
            rows = list(map(_TOKENS, data["planets"]))
            near_win = foreign_bases(rows, data["offence"]) >= WIN_BASES - 1
            if not near_win or foreign_bases(rows, seat) >= WIN_BASES - 1:
                return shared(Ally(0, self._sources(data, seat, min(most[0], 2))))
        if most[1]:
            return shared(Ally(1, self._sources(data, seat, min(most[1], 2))))
        return _last(legal, Decline())

    def _edict(self, data: View, seat: int, legal: Sequence[Action]) -> Action:
        """Edicts and flares at their windows: only the legal ones fit the open window."""
        # The opponent (-1: the seat is not a main player) is read from the view at the first
        # card that asks for it: a hand of Finders alone never needs the encounter.
        opponent = -2
        leader: dict[str, Any] | None = None  # looked for at the first Plague
        for action in legal:
            if type(action) is PlayFlare:  # (actions are final classes)
                if opponent == -2:
                    opponent = self._main_opponent(data, seat)
                if self._flare_helps(data, seat, opponent, action):
                    return action
                continue
            if type(action) is not PlayEdict:
                continue
            edict = action.edict
            if edict is _FINDER:
                continue  # never played: most of a window's moves when one holds it
            if edict is _MOBIUS and data["players"][seat]["warp"] >= 3:
                return action
            if opponent == -2 and (edict is _ZAP or edict is _FORCE_FIELD):
                opponent = self._main_opponent(data, seat)
            if edict is _ZAP and action.target == opponent:
                return action
            if edict is _PLAGUE and leader is None:
                leader = max(data["players"], key=lambda p: p["foreign_bases"])
            if (edict is _PLAGUE and leader is not None and action.target == leader["seat"]
                    and leader["foreign_bases"] >= WIN_BASES - 2 and leader["seat"] != seat):
                return action
            if edict is _FORCE_FIELD and opponent >= 0 and self._allies_against(data, seat) > 0:
                return action
        return _own(legal, PASS)  # (the game's own pass, found by identity)

    def _main_opponent(self, data: View, seat: int) -> int:
        """The seat's opponent if it is a main player, else -1."""
        main = seat in (data["offence"], data["encounter"]["defender"])
        return self._opponent(data, seat) if main else -1

    def _flare_helps(self, data: View, seat: int, opponent: int, action: PlayFlare) -> bool:
        """A flare returns to the hand after use, so it is played whenever its effect helps:
        not Trader's (a swap may give away good cards), not a look at a hand that is not the
        opponent's, not Anti-Matter's or Virus's Wild when the lower total wins."""
        if action.power == "trader":
            return False
        if action.power == "mind" and action.target >= 0:
            return action.target == opponent
        if action.power in ("anti-matter", "virus") and data["players"][seat]["power"] != action.power:
            return opponent >= 0 and not self._lower_wins(data, seat, opponent)
        return True

    @staticmethod
    def _allies_against(data: View, seat: int) -> int:
        """Tokens the opposing allies commit, less those of one's own allies."""
        side = "offence" if seat == data["offence"] else "defence"
        return sum(a["tokens"] if a["side"] != side else -a["tokens"] for a in data["encounter"]["allies"])

    def _play(self, data: View, seat: int, legal: Sequence[Action]) -> Action:
        e = data["encounter"]  # (a card played at random is the one action: ``choose`` took it)
        square = data["square"]
        hand = {c["card"]: c for c in data["hand"]}
        plays = [a for a in legal if isinstance(a, Play)]
        side = 0 if seat == data["offence"] else 1
        mine = e["cone"] if side == 0 else self._tokens(data, e["target"], seat)
        theirs = self._tokens(data, e["target"], e["defender"]) if side == 0 else e["cone"]
        for ally in e["allies"]:
            if (ally["side"] == "offence") == (side == 0):
                mine += ally["tokens"]
            else:
                theirs += ally["tokens"]
        opponent = self._opponent(data, seat)
        attacks = [a for a in plays if hand[a.face]["kind"] in ("attack", "quark")]
        if attacks and self._lower_wins(data, seat, opponent):
            # Anti-Matter: the lower total wins, so the lowest card is the strongest.
            return min(attacks, key=lambda a: (hand[a.face]["value"], card_worth(hand[a.face], square)))
        shown = e["cards"].get(str(opponent))
        expected = shown.get("value", 0) if shown else TYPICAL_CARD
        need = theirs + expected - mine + (1 if side == 0 else 0)
        reaching = [a for a in attacks if hand[a.face]["value"] >= need]
        if reaching:
            return min(reaching, key=lambda a: card_worth(hand[a.face], square))
        compromise = [a for a in plays if a.face == "c"]
        if compromise and not (shown and shown["kind"] == "compromise"):
            return compromise[0]
        return min(plays, key=lambda a: card_worth(hand[a.face], square) if a.face in hand else 0.0)

    @staticmethod
    def _lower_wins(data: View, seat: int, opponent: int) -> bool:
        for main in (seat, opponent):
            player = data["players"][main]
            if player["power"] == "anti-matter" and not player["zapped"]:
                return True
        return False

    def _deal(self, data: View, seat: int, legal: Sequence[Action]) -> Action:
        e = data["encounter"]
        opponent = self._opponent(data, seat)
        theirs = e["offers"][0 if opponent == data["offence"] else 1]
        hand = {c["card"]: c for c in data["hand"]}

        def cost(faces: tuple[str, ...]) -> float:
            return sum(keep_worth(hand[face], data["square"]) for face in faces)
        if theirs is not None and theirs["base"] in ("yours", "both"):
            accepts = [a for a in legal if isinstance(a, Accept)]
            if accepts:
                return min(accepts, key=lambda a: cost(a.give))
        # A card each way (its least useful one) and a base each way.
        both = [a for a in legal if isinstance(a, Offer) and a.bases == 3 and len(a.give) <= 1 and a.get <= 1]
        mine = e["offers"][0 if seat == data["offence"] else 1]
        if both:
            choice = max(both, key=lambda a: (len(a.give), a.get, -cost(a.give)))
            if mine is None or mine["notation"] != str(choice):
                return choice
        return _last(legal, Timeout())

    def _place(self, data: View, seat: int, legal: Sequence[Action]) -> Action:
        tokens = [p["tokens"][seat] for p in data["planets"]]
        # (A planet is the seat's own when ``planet // PLANETS == seat``. No nested function: a
        # compiled one and its enclosing scope would hold each other, a cycle for the collector.)
        homes = [a for a in legal if isinstance(a, Home)]
        if homes:
            # The weakest foreign base first (the one most at risk), else the weakest home base.
            return min(homes, key=lambda a: (a.planet // PLANETS == seat, tokens[a.planet] == 0, tokens[a.planet]))
        losses = [a for a in legal if isinstance(a, Lose)]
        if losses:
            # Where it hurts least: a base that keeps a token, a home one, the fullest.
            return max(losses, key=lambda a: (tokens[a.planet] > 1, a.planet // PLANETS == seat, tokens[a.planet]))
        # A deal's base: its token from the fullest base (a home one first), onto the lowest planet.
        settles = [a for a in legal if isinstance(a, Settle)]
        return max(settles, key=lambda a: (tokens[a.source] > 1, a.source // PLANETS == seat, tokens[a.source],
                                           -a.planet))


# The handler of each kind of choice, by the class of its first legal action (at the destiny
# step the aims come first, 'draw again' last; an ally's ways come before its decline; a
# deal's offers before its accepts).
_DECIDE: dict[type[Action], Callable[[CosmicHeuristic, View, int, Sequence[Action]], Action]] = {
    Regroup: CosmicHeuristic._regroup, Aim: CosmicHeuristic._aim, DrawAgain: CosmicHeuristic._aim,
    Launch: CosmicHeuristic._launch, Invite: CosmicHeuristic._invite, Ally: CosmicHeuristic._ally,
    Decline: CosmicHeuristic._ally, Pass: CosmicHeuristic._edict, Trade: CosmicHeuristic._trade,
    Play: CosmicHeuristic._play, Offer: CosmicHeuristic._deal, Accept: CosmicHeuristic._deal,
    Reward: CosmicHeuristic._reward, Again: CosmicHeuristic._again, Home: CosmicHeuristic._place,
    Lose: CosmicHeuristic._place, Settle: CosmicHeuristic._place,
}

register_bot("heuristic", "cosmic-encounter", about=HEURISTIC_ABOUT)(CosmicHeuristic)
describe_limits("heuristic", "cosmic-encounter",
                "it never plays the Finder or Cosmic Quake edicts, nor Trader's flare, and does not use what "
                "Mind's power shows it of a hand")
