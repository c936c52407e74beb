"""Which files, each read once: needles and tokens, the per-file cache and workers, and the facts a warm
check compares."""
