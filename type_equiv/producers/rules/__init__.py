"""One vocabulary over the index: the join sorting each record into producer, test, consumer or wire."""
