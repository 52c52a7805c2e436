"""Layout selection of scratch mode (agentic-upgrade §7.3): outline slide → component."""
