"""What a body does with a name or a value: only tests it, offers it, keys by it, holds it or hands it
on; and the tree's answers to these questions, kept for every walk of it (memo.py)."""
