"""Theme packs of scratch mode (agentic-upgrade §7.2): ``default``, ``dark``, ``corporate``."""
