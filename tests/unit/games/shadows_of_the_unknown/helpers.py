"""What the Shadows of the Unknown tests share: requests through the API."""

from tablecheck import api

SYS = "shadows_of_the_unknown"


def task(dice=None, **params):
    req = {"system": SYS, "check": "task", **params}
    if dice is not None:
        req["dice"] = dice
    return api.resolve(req)


def task_odds(**params):
    return api.odds({"system": SYS, "check": "task", **params})
