"""Orchestration: what each scan round asks for, in which order, and the answers of the class hierarchy."""
