"""``python -m pptxagent.service``: see ``pptxagent.service.main``."""

from pptxagent.service.main import main

main()
