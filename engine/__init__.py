"""Rules engines: scenario -> validated board -> steps (each citing rule keys) -> trace -> result."""
