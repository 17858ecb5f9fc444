"""Every check of every game answers the same in the browser (Pyodide's
Python 3.14, through the page's bridge) as under CPython 3.11: seeded
resolve and exact odds, compared field by field. Catches Python-version
drift in any system, not only in the ones the UI tests click through."""

import pytest

from test_shell import bridge, cpython_answers  # noqa: F401  (bridge: a shared ready page)

pytestmark = pytest.mark.e2e

from every_check import REQUESTS  # noqa: E402  (tests/every_check.py)


def test_every_check_of_the_catalog_has_a_parity_request():
    from tablecheck import api
    listed = {(r["system"], r["check"]) for r in REQUESTS}
    every = {(sid, cid) for sid, s in api.catalog()["systems"].items() for cid in s["checks"]}
    assert listed == every


@pytest.mark.parametrize("request_", REQUESTS, ids=[f"{r['system']}-{r['check']}" for r in REQUESTS])
def test_pyodide_answers_equal_cpython_for_every_check(bridge, built_site, request_):
    seeded = dict(request_, seed=20261129)
    want_resolve, want_odds = cpython_answers(
        built_site["dir"] / "py", [["resolve", [seeded]], ["odds", [request_]]])
    assert "error" not in want_resolve and "error" not in want_odds
    got_resolve = bridge.evaluate("(r) => window.tablecheck.resolve(r)", seeded)
    got_odds = bridge.evaluate("(r) => window.tablecheck.odds(r)", request_)
    # plain equality: JSON through JS keeps values, not int/float spelling (0 == 0.0)
    assert got_resolve == want_resolve
    assert got_odds == want_odds
