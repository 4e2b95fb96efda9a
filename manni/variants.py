"""The variants offered by name (the New match dialog, ``python -m manni tournament``):
each is a rule set and the options it sets besides the target."""

from __future__ import annotations

VARIANTS: dict[str, tuple[str, dict]] = {
    "classic": ("classic", {}),
    "classic-minus": ("classic", {"minus_points": True}),
    "hornafjordur": ("hornafjordur", {}),
    "trjamann": ("trjamann", {}),
    "laugavatn": ("laugavatn", {}),
    "manille": ("manille", {}),  # options: target 50/100/150, talk (the parlée) on or off
}


def variant_of(rules: str, options: dict) -> str:
    """The variant a match's rule set and options are (for an imported record); the one
    that sets the most of them, "classic" if none fits."""
    fits = [(len(extra), name) for name, (r, extra) in VARIANTS.items()
            if r == rules and all(options.get(k) == v for k, v in extra.items())]
    return max(fits)[1] if fits else "classic"
