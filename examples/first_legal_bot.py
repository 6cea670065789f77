"""A tiny external bot for 'quarkade tournament --bots exec:...': it speaks the line protocol of
docs/bots.md on stdin/stdout and always plays the first legal action.

Run it in a tournament:

    quarkade tournament qwarks --bots "exec:python examples/first_legal_bot.py",random --games 4
"""

import json
import sys


def main() -> None:
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] != "act":
            continue  # "game" and "over" messages need no answer
        # An answer is one line: the action's index in "legal" (here the first), or its notation.
        print(0, flush=True)


if __name__ == "__main__":
    main()
