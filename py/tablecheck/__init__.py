"""tablecheck: exact tabletop check resolvers (standard library only).

The only door between JSON and the rules is `tablecheck.api`.
"""

__version__ = "0.1.0"
