"""What a piece of syntax means, read from `ast` nodes alone: small readers the walk and the rules share."""
