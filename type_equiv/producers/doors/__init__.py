"""What enters from outside: the readers of `ast` nodes saying where a value is decoded from data
(routes, commands, config, decoders, helpers, parsers) and where the program reads back what it wrote."""
