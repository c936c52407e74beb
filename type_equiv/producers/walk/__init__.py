"""One file → records: the walk of its statements, expressions and calls (pure, cached per file)."""
