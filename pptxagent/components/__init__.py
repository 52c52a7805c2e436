"""Layout components of scratch mode (agentic-upgrade §7.1): outline slide → ``SlideSpec``."""
