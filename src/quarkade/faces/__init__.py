"""The faces of Quarkade: the ``quarkade`` command and the terminal, the web app."""
