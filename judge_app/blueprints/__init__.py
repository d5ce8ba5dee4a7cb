"""One blueprint per concern: pages (home, language), rules, search, simulate, api; casebook is separate."""
