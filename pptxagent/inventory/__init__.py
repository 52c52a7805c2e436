"""Read a real .pptx into the deck IR: geometry, text-style cascade, roles and priorities."""

from pptxagent.inventory.deck import inventory_deck, inventory_file, inventory_slide, slide_size

__all__ = ["inventory_deck", "inventory_file", "inventory_slide", "slide_size"]
