"""Edition id -> parser function(text, edition) that fills `edition.sections` in rule order."""
PARSERS = {}
