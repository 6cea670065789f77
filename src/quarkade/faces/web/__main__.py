"""``python -m quarkade.faces.web``: run the web server (see ``--help``)."""

from quarkade.faces.web.server import main

main()
