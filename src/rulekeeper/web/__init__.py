"""The web table (``rulekeeper serve``): a FastAPI app that plays every game family in a browser.

The web layer never decides a rule: it lists ``legal_actions()``, applies the
chosen one through the checked ``apply()`` and renders the events. FastAPI is
imported only by :mod:`rulekeeper.web.app` and the routers, which only the
``serve`` command loads.
"""
