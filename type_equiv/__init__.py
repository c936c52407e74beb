"""type-equiv: docs pastes stay equal to the real definitions; every vocabulary variant has a producer."""

__version__ = "0.1.0"
