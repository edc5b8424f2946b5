"""Salvage: the dice-strategy room crawler (rules catalog ``SV-*``).

Modules are named for what they decide: ``dice_steps`` (the Strategy phase),
``moving`` (move, opportunity attacks, activating rooms), ``attacking``,
``salvaging``, ``trading``, ``room_and_items``, ``enemies``, ``noise``, and
``round`` (Engagement, Enemy phase, Exhaust Dice step, the end); ``rules``
dispatches actions to them and ``game`` wires the game into the core.
"""
