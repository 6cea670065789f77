"""Cosmic Encounter actions and their notation.

Seats are numbered from 0, and so are systems (system ``s`` is seat ``s``'s home system) and
the planets of a system (0-4): planet ``2.3`` is planet 3 of seat 2's system. Cards are named
by their face (see ``components``). Notation, one action a line::

    regroup 2.3            the offence returns a token from the warp to planet 2.3
    aim 2.3                destiny drew seat 2's colour: aim the cone at planet 2.3
    aim 0.1 at 2           destiny drew the offence's own colour: challenge seat 2's base on 0.1
    draw again             destiny drew the offence's own colour: draw another destiny card
    launch 2.1 2.1 2.3     put 1-4 tokens in the cone, naming the base each comes from
    invite 1 3             invite allies (``invite none``)
    ally offence 1.0 1.2   an invited player joins a side with 1-4 tokens, naming their bases
    decline                an invited player stays out
    trade / keep           Trader: swap hands with the opponent, or not
    play a8                play a challenge card, sealed (``play c``, ``play u10``)
    play random            Laser's opponent: a challenge card chosen at random
    offer give a8 c get 1 base mine
                           a deal: the cards I give, by face (``give none``), how many cards
                           I ask for, the bases (none, mine, yours, both)
    accept a10             accept the other side's standing offer, naming the cards I give
                           for the ones it asks (``accept`` when it asks for none)
    timeout                the deal's time ran out (the host applies it; a side may give up)
    reward 2               a defensive ally takes 2 cards, the rest of its reward in tokens
    again / end            after a successful first challenge: a second one, or end the turn
    pass                   an edict window: play nothing (more) at this window
    edict zap 2            play an edict (``edict mobius``, ``edict finder 2 15``, ...)
    flare macron           play a flare: Wild for a power one lacks, Super for one's own
    flare mind 2           a flare that names a seat (Mind's Wild, Trader's Super)

Edicts and flares are played at three windows a challenge; the view's ``encounter.window``
says which is open: ``start`` (the cone is aimed, before launch: Mobius Tubes, Plague,
Cosmic Quake, Cosmic Zap), ``alliances`` (before the cards: Force Field, Finder, Cosmic Zap)
or ``reveal`` (the cards face up, before the outcome: Cosmic Zap on a power acting then);
each flare names its window (``flares.py``).
    home 1.2               a token going back to my bases: onto planet 1.2 (a base or a home planet)
    lose 0.3               a token I lose from my bases: the one on planet 0.3
    base 1.2 from 2.0      a deal's base: my token from planet 2.0 onto planet 1.2
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from quarkade.core.errors import InvalidNotation
from quarkade.core.game import Action, parse_words
from quarkade.games.cosmic_encounter.components import DEAL_CARDS, Edict

GAME_ID = "cosmic-encounter"
PLANET = re.compile(r"(\d{1,2})\.(\d)")
FACE = re.compile(r"a-?\d{1,2}|c|[uds]\d{1,2}|random")
NUMBER = re.compile(r"-?\d{1,3}")
CARD_FACE = re.compile(r"[a-z][a-z0-9-]{0,24}")  # any card: a challenge card, an edict, a flare
SIDES = ("offence", "defence")
BASES = ("none", "mine", "yours", "both")
EDICTS = {e.value: e for e in Edict}
TARGETED = (Edict.ZAP, Edict.PLAGUE, Edict.FINDER)


@dataclass(frozen=True, slots=True)
class Regroup(Action):
    planet: int  # system * 5 + planet

    def __str__(self) -> str:
        return f"regroup {self.planet // 5}.{self.planet % 5}"


@dataclass(frozen=True, slots=True)
class Aim(Action):
    planet: int
    defender: int

    def __str__(self) -> str:
        where = f"aim {self.planet // 5}.{self.planet % 5}"
        return where if self.defender == self.planet // 5 else f"{where} at {self.defender}"


@dataclass(frozen=True, slots=True)
class DrawAgain(Action):
    def __str__(self) -> str:
        return "draw again"


def _planets(sources: tuple[int, ...]) -> str:
    return " ".join(f"{planet // 5}.{planet % 5}" for planet in sources)


@dataclass(frozen=True, slots=True)
class Launch(Action):
    sources: tuple[int, ...]  # the base (planet) of each token put in the cone, sorted

    @property
    def tokens(self) -> int:
        return len(self.sources)

    def __str__(self) -> str:
        return f"launch {_planets(self.sources)}"


@dataclass(frozen=True, slots=True)
class Invite(Action):
    seats: tuple[int, ...]

    def __str__(self) -> str:
        return "invite " + (" ".join(map(str, self.seats)) if self.seats else "none")


@dataclass(frozen=True, slots=True)
class Ally(Action):
    side: int  # 0 offence, 1 defence
    sources: tuple[int, ...]  # the base (planet) of each token committed, sorted

    @property
    def tokens(self) -> int:
        return len(self.sources)

    def __str__(self) -> str:
        return f"ally {SIDES[self.side]} {_planets(self.sources)}"


@dataclass(frozen=True, slots=True)
class Decline(Action):
    def __str__(self) -> str:
        return "decline"


@dataclass(frozen=True, slots=True)
class Trade(Action):
    swap: bool

    def __str__(self) -> str:
        return "trade" if self.swap else "keep"


@dataclass(frozen=True, slots=True)
class Play(Action):
    face: str  # a card's face, or "random" (Laser's opponent)

    def __str__(self) -> str:
        return f"play {self.face}"


def _faces(faces: tuple[str, ...]) -> str:
    return " ".join(faces) if faces else "none"


@dataclass(frozen=True, slots=True)
class Offer(Action):
    give: tuple[str, ...]  # the faces of the cards the proposer gives, sorted
    get: int  # how many cards it asks for (the acceptor names them)
    bases: int  # index into BASES, from the proposer's side

    def __str__(self) -> str:
        return f"offer give {_faces(self.give)} get {self.get} base {BASES[self.bases]}"


@dataclass(frozen=True, slots=True)
class Accept(Action):
    give: tuple[str, ...] = ()  # the faces of the cards the acceptor gives, sorted

    def __str__(self) -> str:
        return " ".join(("accept", *self.give))


@dataclass(frozen=True, slots=True)
class Timeout(Action):
    def __str__(self) -> str:
        return "timeout"


@dataclass(frozen=True, slots=True)
class Reward(Action):
    cards: int

    def __str__(self) -> str:
        return f"reward {self.cards}"


@dataclass(frozen=True, slots=True)
class Again(Action):
    again: bool

    def __str__(self) -> str:
        return "again" if self.again else "end"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class PlayEdict(Action):
    edict: Edict
    target: int = -1  # a seat (Zap, Plague, Finder)
    value: int = 0  # the Attack value a Finder asks for

    def __str__(self) -> str:
        text = f"edict {self.edict.value}"
        if self.target >= 0:
            text += f" {self.target}"
        if self.edict is Edict.FINDER:
            text += f" {self.value}"
        return text


@dataclass(frozen=True, slots=True)
class Home(Action):
    planet: int  # where a token going back to its owner's bases goes

    def __str__(self) -> str:
        return f"home {self.planet // 5}.{self.planet % 5}"


@dataclass(frozen=True, slots=True)
class Lose(Action):
    planet: int  # the base a lost token leaves

    def __str__(self) -> str:
        return f"lose {self.planet // 5}.{self.planet % 5}"


@dataclass(frozen=True, slots=True)
class Settle(Action):
    planet: int  # a deal's base: the planet the token moves onto
    source: int  # the base it leaves

    def __str__(self) -> str:
        return f"base {self.planet // 5}.{self.planet % 5} from {self.source // 5}.{self.source % 5}"


@dataclass(frozen=True, slots=True)
class PlayFlare(Action):
    power: str  # the flare's power name
    target: int = -1  # a seat, for a flare that names one

    def __str__(self) -> str:
        return f"flare {self.power}" + (f" {self.target}" if self.target >= 0 else "")


def _number(word: str, what: str) -> int:
    if not NUMBER.fullmatch(word):
        raise InvalidNotation(f"{what} is a whole number, not {word!r}")
    return int(word)


def _planet(word: str) -> int:
    match = PLANET.fullmatch(word)
    if not match or int(match.group(2)) > 4:
        raise InvalidNotation(f"a planet is written system.planet (e.g. 2.3, planets 0-4), not {word!r}")
    return int(match.group(1)) * 5 + int(match.group(2))


SIMPLE: dict[str, Action] = {
    "decline": Decline(), "trade": Trade(True), "keep": Trade(False), "accept": Accept(),
    "timeout": Timeout(), "again": Again(True), "end": Again(False), "pass": Pass(),
}


def _sources(words: list[str]) -> tuple[int, ...]:
    """The bases tokens come from: one planet a token (a planet named twice gives two)."""
    if len(words) > 4:
        raise InvalidNotation("at most four tokens are launched or committed, one planet named for each")
    return tuple(sorted(_planet(word) for word in words))


def _deal_faces(words: list[str], what: str) -> tuple[str, ...]:
    """Faces of cards given in a deal (``none``: no card), sorted."""
    if words == ["none"]:
        return ()
    if not all(CARD_FACE.fullmatch(w) and w != "random" for w in words):
        raise InvalidNotation(f"{what} are named by their faces (e.g. 'a8 c zap', or 'none')")
    if len(words) > DEAL_CARDS:
        raise InvalidNotation(f"a deal moves at most {DEAL_CARDS} cards each way (a house limit, RULINGS.md 15)")
    return tuple(sorted(words))


def parse(text: str) -> Action:
    """Notation to an action (not yet checked against the rules)."""
    words = parse_words(text, GAME_ID)
    head, rest = words[0], words[1:]
    if len(words) == 1 and head in SIMPLE:
        return SIMPLE[head]
    if head == "draw" and rest == ["again"]:
        return DrawAgain()
    if head == "regroup" and len(rest) == 1:
        return Regroup(_planet(rest[0]))
    if head == "aim" and len(rest) in (1, 3):
        planet = _planet(rest[0])
        if len(rest) == 1:
            return Aim(planet, planet // 5)
        if rest[1] != "at":
            raise InvalidNotation("write 'aim 0.1 at 2' to challenge seat 2's base on planet 0.1")
        return Aim(planet, _number(rest[2], "a seat"))
    if head == "launch" and rest:
        return Launch(_sources(rest))
    if head == "invite" and rest:
        if rest == ["none"]:
            return Invite(())
        seats = tuple(sorted(_number(w, "a seat") for w in rest if w != ","))
        if len(set(seats)) != len(seats):
            raise InvalidNotation("each seat is invited once")
        return Invite(seats)
    if head == "ally" and len(rest) >= 2 and rest[0] in SIDES:
        return Ally(SIDES.index(rest[0]), _sources(rest[1:]))
    if head == "play" and len(rest) == 1 and FACE.fullmatch(rest[0]):
        return Play(rest[0])
    if head == "offer" and len(rest) >= 6 and rest[0] == "give" and rest[-4] == "get" and rest[-2] == "base":
        if rest[-1] not in BASES:
            raise InvalidNotation(f"the bases of a deal are one of {', '.join(BASES)}")
        return Offer(_deal_faces(rest[1:-4], "the cards given"), _number(rest[-3], "cards asked"),
                     BASES.index(rest[-1]))
    if head == "accept" and rest:
        return Accept(_deal_faces(rest, "the cards given"))
    if head in ("home", "lose") and len(rest) == 1:
        return Home(_planet(rest[0])) if head == "home" else Lose(_planet(rest[0]))
    if head == "base" and len(rest) == 3 and rest[1] == "from":
        return Settle(_planet(rest[0]), _planet(rest[2]))
    if head == "reward" and len(rest) == 1:
        return Reward(_number(rest[0], "the number of cards"))
    if head == "flare" and len(rest) in (1, 2) and re.fullmatch(r"[a-z-]{2,20}", rest[0]):
        return PlayFlare(rest[0], _number(rest[1], "a seat") if len(rest) == 2 else -1)
    if head == "edict" and rest and rest[0] in EDICTS:
        edict = EDICTS[rest[0]]
        args = rest[1:]
        wanted = 2 if edict is Edict.FINDER else 1 if edict in TARGETED else 0
        if len(args) != wanted:
            raise InvalidNotation(f"the {edict.value} edict is written 'edict {edict.value}"
                                  + (" SEAT" if wanted else "") + (" VALUE" if wanted == 2 else "") + "'")
        target = _number(args[0], "a seat") if args else -1
        value = _number(args[1], "an Attack value") if wanted == 2 else 0
        return PlayEdict(edict, target, value)
    raise InvalidNotation(f"{text!r} is no action of Cosmic Encounter (e.g. 'launch 2.1 2.3', 'play a8', "
                          "'ally offence 1.0', 'invite none', 'pass')")
