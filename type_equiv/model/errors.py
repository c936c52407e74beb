"""The one exception that means "this run cannot be judged" (exit 2)."""


class InputError(Exception):
    """Bad input: a message already located (file, JSON pointer or option) for a person to read."""
